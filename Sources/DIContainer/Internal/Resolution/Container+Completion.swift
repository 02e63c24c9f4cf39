/// Running `initCompleted` hooks: the engine calls `complete` once for each new instance of a
/// registration that has hooks, after the instance was kept in its lifetime's store.
///
/// The hooks run in a step of their own for the registration, below the step that asked for it,
/// in the same resolution: what they resolve continues that resolution (same path, same `graph`
/// instances, same test overrides), and since the instance is already stored, a back-reference
/// to it is answered from the store instead of closing a cycle. A `transient` registration keeps
/// nothing, so a hook that resolves it again still closes a cycle, and says so.
extension Container {
    /// Runs `entry`'s hooks on the new `value`. If a hook throws, the instance is dropped from a
    /// `singleton` or `weak` store (the next resolve builds it again) and the error is thrown.
    func complete<S>(
        _ value: S, entry: Entry, store: InstanceStore, parent: Frame?, resolution: Resolution, context: ThreadContext
    ) throws {
        let frame = try Frame(entry: entry, parent: parent, resolution: resolution)
        let outer = context.runningFactory
        context.runningFactory = frame
        defer { context.runningFactory = outer }
        do {
            try entry.completion.run(frame, value)
            frame.finish(succeeded: true)
        } catch {
            frame.finish(succeeded: false)
            switch store {
            case .cell(let cell): cell.reset()
            case .weak(let cell): cell.reset()
            case .none, .resolution: break
            }
            if error is ResolutionError || error is StackExhausted || error is CancellationError { throw error }
            throw ResolutionError(.initCompletedFailed(underlying: error), path: frame.path, registrationSite: entry.site)
        }
    }
}

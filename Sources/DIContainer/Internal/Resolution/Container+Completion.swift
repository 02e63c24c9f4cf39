/// Running `initCompleted` hooks.
///
/// The engine calls `queueCompletion` for each new instance of a registration that has hooks, right
/// after the instance was kept in its lifetime's store; the hooks run when the resolution's
/// top-level step has built and stored its own instance, before `resolve` returns, oldest
/// instance first (`completePending`). So every instance of the graph is stored by the time any
/// hook runs: a back-reference a hook resolves — to the instance being completed, or to one whose
/// factory asked for it — is answered from the `graph`, `singleton` or `weak` store instead of
/// closing a cycle, and no factory runs twice. Instances that hooks build get their own hooks in
/// the same pass.
///
/// Each instance's hooks run in a step of their own for the registration, below the step that
/// asked for it, in the same resolution (same path for errors, same `graph` instances, same test
/// overrides). A `transient` instance is stored nowhere, so resolving it again from a hook builds
/// a new one, and resolving it again from its own factory's dependencies is still a cycle.
extension Container {
    /// Queues `value`, a new instance of `entry`, for its hooks.
    func queueCompletion<S>(of value: S, entry: Entry, store: InstanceStore, parent: Frame?, resolution: Resolution) {
        resolution.completions.push(entry, instance: value, store: .init(store), parent: parent)
    }

    /// Runs the hooks of every instance waiting in `resolution`, including those built by hooks.
    /// Every waiting instance gets its hooks run, also after one failed; an instance whose hook
    /// fails is dropped from its `singleton` or `weak` store. Throws the first failure.
    @inline(__always)
    func completePending(in resolution: Resolution, context: ThreadContext) throws {
        if resolution.completions.isEmpty { return }
        if let failure = runPendingHooks(in: resolution, context: context) { throw failure }
    }

    /// After the top-level step failed: still runs the hooks of the instances it stored, so no
    /// shared instance stays half-built, and returns the error the caller sees (the step's).
    func failPending(in resolution: Resolution, context: ThreadContext, error: any Error) -> any Error {
        if !resolution.completions.isEmpty { _ = runPendingHooks(in: resolution, context: context) }
        return (error as? StackExhausted)?.error ?? error
    }

    private func runPendingHooks(in resolution: Resolution, context: ThreadContext) -> (any Error)? {
        var failure: (any Error)?
        while true {
            let items = resolution.completions.takeAll()
            if items.isEmpty { return failure }
            for item in items {
                do {
                    try runHooks(of: item, resolution: resolution, context: context)
                } catch {
                    item.store.drop()
                    if failure == nil { failure = error }
                }
            }
        }
    }

    private func runHooks(of item: PendingCompletions.Item, resolution: Resolution, context: ThreadContext) throws {
        let frame = try Frame(entry: item.entry, parent: item.parent, resolution: resolution)
        let outer = context.runningFactory
        context.runningFactory = frame
        defer { context.runningFactory = outer }
        let recorder = item.entry.completion.isObserving ? DependencyRecorder() : nil
        do {
            try item.entry.completion.run(HookResolver(frame: frame, recorder: recorder), item.instance.value)
            frame.finish(succeeded: true)
            if let recorder { item.entry.completion.observe(recorder.dependencies) }
        } catch {
            frame.finish(succeeded: false)
            if let exhausted = error as? StackExhausted { throw exhausted.error }
            if error is ResolutionError || error is CancellationError { throw error }
            throw ResolutionError(.initCompletedFailed(underlying: error), path: frame.path, registrationSite: item.entry.site)
        }
    }
}

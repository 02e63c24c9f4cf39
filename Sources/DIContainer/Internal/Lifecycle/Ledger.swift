import DIContainerLocking

/// A container's ledger of endings beyond its registrations' own slots: the scopes open in
/// `withScope` that keep instances of its registrations (or of a child's), and the hooks running
/// in the background — of instances a `reset` dropped, a replaced or removed registration kept,
/// or a build finished after its store had closed. `shutdown` closes the scopes and waits for
/// those hooks (within its deadline), so that nothing a container built ends unreported.
///
/// A value that shares its state: copies of a ledger (a container's, its registry's, an override
/// scope's) are one ledger. A struct, not a class, so that a new container makes one allocation
/// fewer.
struct Ledger: Sendable {
    private struct State: Sendable {
        var openScopes: [ObjectIdentifier: OpenScope] = [:]
        /// The hooks running in the background, by a number of their own.
        var running: [UInt64: Task<ShutdownReport, Never>] = [:]
        var lastID: UInt64 = 0
        var isClosed = false
    }

    private let state = Locked(State())

    /// Whether `other` is this ledger (a copy of it).
    func isSame(as other: Ledger) -> Bool {
        state.isSame(as: other.state)
    }

    /// Notes that `scope` keeps instances with hooks, until it closes; nothing once closed (the
    /// scope then ends them itself, when its `withScope` returns).
    func track(_ scope: OpenScope) {
        state.withLock { state in
            if !state.isClosed { state.openScopes[ObjectIdentifier(scope)] = scope }
        }
    }

    /// Notes that `scope` closed.
    func untrack(_ scope: OpenScope) {
        state.withLock { _ = $0.openScopes.removeValue(forKey: ObjectIdentifier(scope)) }
    }

    /// Runs the hooks of `endings` in the background, where `shutdown` waits for them.
    func endInBackground(_ endings: [Ending], reason: ShutdownReason) {
        guard !endings.isEmpty else { return }
        track { await Ending.run(endings, reason: reason, until: nil) }
    }

    /// Closes `slots`, whose registrations were replaced or removed: what they kept ends now, in
    /// the background, and so do the builds still in flight in them, when they finish.
    func retire(_ slots: [Slot]) {
        for slot in slots {
            let (endings, isBuilding) = slot.close(retiring: true)
            endInBackground(endings, reason: .replaced)
            if isBuilding { track { await Ending.run(await slot.drained(), reason: .replaced, until: nil) } }
        }
    }

    /// Runs `work` in the background, tracked until it ends.
    private func track(_ work: @escaping @Sendable () async -> ShutdownReport) {
        // The task holds the ledger's state: a cycle only until the task ends.
        let state = self.state
        state.withLock { running in
            running.lastID += 1
            let id = running.lastID
            running.running[id] = Task {
                let report = await work()
                state.withLock { _ = $0.running.removeValue(forKey: id) }
                return report
            }
        }
    }

    /// Closes the ledger for `shutdown`: the scopes open, to close, and the hooks running, to
    /// wait for.
    func close() -> (openScopes: [OpenScope], running: [Task<ShutdownReport, Never>]) {
        state.withLock { state in
            state.isClosed = true
            defer { (state.openScopes, state.running) = ([:], [:]) }
            return (Array(state.openScopes.values), Array(state.running.values))
        }
    }
}

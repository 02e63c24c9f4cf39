import DIContainerLocking

/// Which resolution waits for which, across all threads and tasks, so that two resolutions that
/// would wait on each other forever — `A`'s factory needs `B` while `B`'s factory, on another
/// thread, needs `A` — get a circular-dependency error instead of a deadlock. Consulted only on
/// the slow path: a singleton being built by another resolution. A resolution waiting for a build
/// of its own (child tasks sharing one resolution) is not recorded: its path finds a real cycle.
final class WaitGraph: Sendable {
    static let shared = WaitGraph()

    /// Waiting resolution → the resolution it waits for.
    private let waits = Locked<[UInt64: UInt64]>([:])

    /// Records that `waiter` waits for `builder`, or throws when that would close a loop of waits.
    func beginWait(_ waiter: UInt64, for builder: UInt64, onDeadlock: () -> any Error) throws {
        guard waiter != builder else { return }
        let wouldDeadlock = waits.withLock { waits in
            var current = builder
            var seen: Set<UInt64> = []
            while seen.insert(current).inserted {
                if current == waiter { return true }
                guard let next = waits[current] else { break }
                current = next
            }
            waits[waiter] = builder
            return false
        }
        if wouldDeadlock { throw onDeadlock() }
    }

    /// Ends a wait recorded by `beginWait`.
    func endWait(_ waiter: UInt64, for builder: UInt64) {
        guard waiter != builder else { return }
        waits.withLock { _ = $0.removeValue(forKey: waiter) }
    }

    /// Runs the blocking `wait` between `beginWait` and `endWait`.
    func wait(
        _ waiter: UInt64, for builder: UInt64, onDeadlock: () -> any Error, _ wait: () -> Void
    ) throws {
        try beginWait(waiter, for: builder, onDeadlock: onDeadlock)
        defer { endWait(waiter, for: builder) }
        wait()
    }
}

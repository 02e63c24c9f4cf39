import Locking
import Synchronization

/// Who is building which singleton, and which resolution waits for which singleton, across all
/// threads and tasks. Consulted only on the slow path (a singleton being built by somebody else),
/// so that two resolutions that would wait on each other forever — `A`'s factory needs `B` while
/// `B`'s factory, on another thread, needs `A` — get a circular-dependency error instead of a
/// deadlock.
final class WaitGraph: Sendable {
    static let shared = WaitGraph()

    private struct State {
        /// Cell → the resolution building it.
        var builders: [ObjectIdentifier: ObjectIdentifier] = [:]
        /// Resolution → the cell it waits for.
        var waits: [ObjectIdentifier: ObjectIdentifier] = [:]
    }

    private let state = Locked(State())

    func building(_ cell: InstanceCell, by owner: ObjectIdentifier) {
        state.withLock { $0.builders[ObjectIdentifier(cell)] = owner }
    }

    func built(_ cell: InstanceCell) {
        state.withLock { _ = $0.builders.removeValue(forKey: ObjectIdentifier(cell)) }
    }

    /// Throws when `waiter` waiting for `cell` would close a loop of waits; otherwise records
    /// the wait (in the same critical section, so two waiters cannot both miss the loop) when
    /// `record` is set.
    func checkWait(
        for cell: InstanceCell, builtBy builder: ObjectIdentifier, waiter: ObjectIdentifier,
        record: Bool = false, onDeadlock: () -> any Error
    ) throws {
        let wouldDeadlock = state.withLock { state in
            var current = builder
            var seen: Set<ObjectIdentifier> = []
            while seen.insert(current).inserted {
                if current == waiter { return true }
                guard let awaited = state.waits[current], let next = state.builders[awaited] else { break }
                current = next
            }
            if record { state.waits[waiter] = ObjectIdentifier(cell) }
            return false
        }
        if wouldDeadlock { throw onDeadlock() }
    }

    /// Ends a wait recorded by `checkWait(…, record: true, …)`.
    func endWait(_ waiter: ObjectIdentifier) {
        state.withLock { _ = $0.waits.removeValue(forKey: waiter) }
    }

    /// Runs `wait` after checking that it can end, recording the wait while it lasts.
    func wait(
        for cell: InstanceCell, builtBy builder: ObjectIdentifier, waiter: ObjectIdentifier,
        onDeadlock: () -> any Error, _ wait: () -> Void
    ) throws {
        try checkWait(for: cell, builtBy: builder, waiter: waiter, record: true, onDeadlock: onDeadlock)
        defer { endWait(waiter) }
        wait()
    }
}

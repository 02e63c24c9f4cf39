import DIContainerLocking

/// Calls each registered `expire` once its deadline passed, unless it was forgotten first: the
/// deadlines of hooks run with a timeout (`Ending.within`). One sleeping task serves every
/// deadline of the process, sleeping until the earliest, so that a hook that ends in time costs
/// a registration and its removal, not a timer of its own.
final class DeadlineWatch: Sendable {
    static let shared = DeadlineWatch()

    private struct Watched: Sendable {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    private struct State: Sendable {
        var watched: [UInt64: Watched] = [:]
        var lastID: UInt64 = 0
        /// The sleeping task, by a number of its own, and when it wakes; `nil` when none sleeps.
        var sleeper: (id: UInt64, task: Task<Void, Never>, until: ContinuousClock.Instant)?
    }

    private let state = Locked(State())

    /// Calls `expire` once `deadline` passed, unless `forget` is called first with what this
    /// returns.
    func watch(_ deadline: ContinuousClock.Instant, expire: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            state.lastID += 1
            let id = state.lastID
            state.watched[id] = Watched(deadline: deadline, expire: expire)
            if let sleeper = state.sleeper, sleeper.until <= deadline { return id }
            // Nobody sleeps, or until later than this deadline: a new sleeper replaces the old.
            state.sleeper?.task.cancel()
            state.lastID += 1
            state.sleeper = (state.lastID, sleep(as: state.lastID, until: deadline), deadline)
            return id
        }
    }

    /// Forgets the deadline `watch` returned `id` for: its `expire` is not called.
    func forget(_ id: UInt64) {
        state.withLock { _ = $0.watched.removeValue(forKey: id) }
    }

    /// A sleeper that wakes at `until`, calls what expired and sleeps again until the next
    /// deadline, for as long as it is the current sleeper and deadlines remain.
    private func sleep(as id: UInt64, until: ContinuousClock.Instant) -> Task<Void, Never> {
        Task { [state] in
            var until: ContinuousClock.Instant? = until
            while let deadline = until {
                try? await Task.sleep(until: deadline, clock: .continuous)
                let now = ContinuousClock.now
                let expired = state.withLock { state -> [Watched] in
                    // A sleeper replaced by one for an earlier deadline ends.
                    guard state.sleeper?.id == id else {
                        until = nil
                        return []
                    }
                    let expired = state.watched.filter { $0.value.deadline <= now }
                    for key in expired.keys { state.watched[key] = nil }
                    until = state.watched.values.map(\.deadline).min()
                    if let until { state.sleeper?.until = until } else { state.sleeper = nil }
                    return Array(expired.values)
                }
                for watched in expired { watched.expire() }
            }
        }
    }
}

import DIContainerLocking

/// Lets `main` wait until a view has received its last update.
///
/// Presenters deliver on the main queue; the view calls `finish()` on its last update
/// (`setLoading(false)`), and `main` awaits `wait()` — suspended, so the main actor's executor
/// keeps draining the main queue until then. Waiting after `finish()` returns at once.
final class ScreenCompletion: Sendable {
    private struct State {
        var isFinished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Marks the screen finished and resumes every waiter.
    func finish() {
        let waiters = state.withLock { state in
            state.isFinished = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `finish()` has been called.
    func wait() async {
        await withCheckedContinuation { continuation in
            let finished = state.withLock { state in
                if !state.isFinished { state.waiters.append(continuation) }
                return state.isFinished
            }
            if finished { continuation.resume() }
        }
    }
}

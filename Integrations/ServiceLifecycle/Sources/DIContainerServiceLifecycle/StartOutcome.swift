import Synchronization

/// How a `ContainerService`'s start ended, for the services that wait for it
/// (`ContainerService.started()`): given once by `run()`, awaited by any number of tasks.
final class StartOutcome: Sendable {
    private struct State {
        var result: Result<Void, any Error>?
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var lastID = 0
    }

    private let state = Mutex(State())

    /// Gives the start's result to every task waiting for it, and to those that wait later.
    func finish(_ result: Result<Void, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// Returns once the start succeeded; throws its error if it failed, or `CancellationError`
    /// if the waiting task is cancelled first.
    func wait() async throws {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let result = state.withLock { state -> Result<Void, any Error>? in
                    if state.result == nil, !Task.isCancelled { state.waiters[id] = continuation }
                    return state.result ?? (Task.isCancelled ? .failure(CancellationError()) : nil)
                }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}

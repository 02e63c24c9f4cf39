import Hummingbird
import Synchronization

/// Hands a request's answer from the task that runs it in its scope to the task that asked for
/// it (`RequestScopeResponder.respond(to:context:)`), once.
final class ResponseHandoff: Sendable {
    /// What the scope's task answers.
    enum Answer: Sendable {
        /// The whole response, its body in memory; the scope has closed.
        case complete(Response)
        /// The response's head; its body comes through the relay while the scope is open.
        case streamed(Response, BodyRelay)
    }

    private struct State {
        /// The answer kept until the scope has closed (`deliverPrepared()`).
        var prepared: Answer?
        /// Set once the answer or the error has been given.
        var result: Result<Answer, any Error>?
        /// The asking task, while it waits.
        var waiter: CheckedContinuation<Answer, any Error>?
    }

    private let state = Mutex(State())

    /// Waits for the answer.
    ///
    /// - Returns: The answer the scope's task delivered.
    /// - Throws: The error it failed with.
    func answer() async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            let result = state.withLock { state -> Result<Answer, any Error>? in
                if state.result == nil { state.waiter = continuation }
                return state.result
            }
            if let result { continuation.resume(with: result) }
        }
    }

    /// Keeps `answer` until `deliverPrepared()`: the scope has still to close.
    func prepare(_ answer: Answer) {
        state.withLock { $0.prepared = answer }
    }

    /// Delivers the answer kept by `prepare(_:)`, if any.
    func deliverPrepared() {
        let prepared = state.withLock { $0.prepared }
        if let prepared { complete(.success(prepared)) }
    }

    /// Delivers `answer` now.
    func deliver(_ answer: Answer) {
        complete(.success(answer))
    }

    /// Delivers `error` instead of an answer.
    func fail(_ error: any Error) {
        complete(.failure(error))
    }

    /// Gives the first result to the waiting task, or keeps it for `answer()`; later ones are
    /// ignored.
    private func complete(_ result: Result<Answer, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Answer, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            state.prepared = nil
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }
}

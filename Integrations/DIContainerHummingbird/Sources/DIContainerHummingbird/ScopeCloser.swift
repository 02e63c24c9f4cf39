import DIContainer
import Synchronization

/// Closes a request's scope once its streamed body has been written, or, if the response is
/// dropped unwritten (the body of a `HEAD` request), when it is released: the scope ends either
/// way, as failed when the response's status said so.
final class ScopeCloser: Sendable {
    /// The request's scope.
    let scope: ScopeHandle
    /// What the hooks are told when the body was written without an error of its own.
    private let failure: ErrorStatusResponse?
    private let isClosed = Mutex(false)

    init(_ scope: ScopeHandle, failure: ErrorStatusResponse?) {
        (self.scope, self.failure) = (scope, failure)
    }

    /// Closes the scope: as failed with `error` (or the response's failing status), else as
    /// succeeded.
    ///
    /// - Parameter error: What the body's writer threw, if anything.
    /// - Throws: `ShutdownError` when the request succeeded and a hook failed.
    func close(failing error: (any Error)?) async throws {
        isClosed.withLock { $0 = true }
        try await scope.close(failing: error ?? failure)
    }

    deinit {
        guard !isClosed.withLock({ $0 }) else { return }
        let (scope, failure) = (scope, failure)
        Task { try? await scope.close(failing: failure) }
    }
}

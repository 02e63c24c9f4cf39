import Hummingbird

/// Which responses end a request's scope as failed, besides an error thrown out of the wrapped
/// responder: its hooks then get `ShutdownReason.scopeFailed(_:)` with an `ErrorStatusResponse`.
///
/// Hummingbird's router answers an `HTTPError` (any `HTTPResponseError`) a handler throws with
/// the error's response, so such an error reaches the request scope as a response with its
/// status; other errors are thrown through.
///
/// ```swift
/// let responder = router.requestScoped(in: container, failsOn: .serverErrorStatus) { request, _ in
///     RequestIdentity(head: request.head)
/// }
/// ```
public struct FailingResponses: Sendable {
    /// Whether a response with `status` ends the scope as failed.
    public let isFailing: @Sendable (HTTPResponse.Status) -> Bool

    /// Fails the scope for the responses whose status `isFailing` picks.
    ///
    /// - Parameter isFailing: Whether a response with a given status fails the scope.
    public init(_ isFailing: @escaping @Sendable (HTTPResponse.Status) -> Bool) {
        self.isFailing = isFailing
    }

    /// A status of 400 or more: the request was refused or failed, including every `HTTPError`
    /// a handler threw. The default.
    public static let errorStatus = FailingResponses { $0.code >= 400 }
    /// A 5xx status only: a refused request (4xx) still ends its scope as succeeded.
    public static let serverErrorStatus = FailingResponses { $0.kind == .serverError }
    /// No response: only an error thrown out of the wrapped responder fails the scope.
    public static let none = FailingResponses { _ in false }
}

/// Per-request behaviour of ``APIClient``: authentication, retries and timeout.
///
/// Every setting has a default that defers to the client, so most requests keep the default
/// `RequestSettings()`.
///
/// ```swift
/// struct SubmitReview: Request {
///     var method: HTTPMethod { .post }
///     var settings: RequestSettings {
///         RequestSettings(requiresAuthentication: true, maxRetries: 2, allowsRetry: true)
///     }
///     …
/// }
/// ```
public struct RequestSettings: Sendable, Equatable {
    /// Whether the client adds `Authorization: Bearer <token>` with a token from its
    /// ``TokenProvider``. The token is never part of any description or error message.
    public var requiresAuthentication: Bool

    /// How many times the client may retry after the first attempt; `nil` uses the client's
    /// ``RetryPolicy``. Negative values count as zero.
    public var maxRetries: Int?

    /// How long to wait for the server; `nil` uses ``APIConfiguration/defaultTimeout``.
    public var timeout: Duration?

    /// Whether a non-idempotent request (`POST`, `PATCH`) may be retried too. Set it only when
    /// the server de-duplicates (for example with an idempotency key header).
    public var allowsRetry: Bool

    /// Creates settings; every argument defaults to "as the client decides".
    ///
    /// - Parameters:
    ///   - requiresAuthentication: Send a bearer token from the client's ``TokenProvider``.
    ///   - maxRetries: Retries after the first attempt; `nil` for the client's policy.
    ///   - timeout: The request timeout; `nil` for the configuration's default.
    ///   - allowsRetry: Let a `POST` or `PATCH` be retried.
    public init(
        requiresAuthentication: Bool = false,
        maxRetries: Int? = nil,
        timeout: Duration? = nil,
        allowsRetry: Bool = false
    ) {
        self.requiresAuthentication = requiresAuthentication
        self.maxRetries = maxRetries
        self.timeout = timeout
        self.allowsRetry = allowsRetry
    }
}

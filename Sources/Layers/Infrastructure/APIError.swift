/// Why ``APIClient/send(_:)`` failed; every case names the request (method and path).
///
/// Descriptions never contain the bearer token, header fields or query values.
///
/// ```swift
/// do { _ = try await client.send(RecentCoursesRequest()) }
/// catch let error as APIError {
///     if case .status(code: 404, _, _) = error { … }
///     print(error)   // "GET /courses/recent: HTTP 503: {"error": "down"}"
/// }
/// ```
public enum APIError: Error, Sendable, CustomStringConvertible {
    /// The request could not be built (a bad path or query); `reason` says why.
    case invalidRequest(reason: String, request: RequestSummary)
    /// The token provider failed; `reason` is its error's description.
    case authentication(reason: String, request: RequestSummary)
    /// No HTTP response arrived, after the allowed retries (the error's message then ends with
    /// the number of attempts).
    case transport(TransportError, request: RequestSummary)
    /// The server answered with a non-2xx status, after the allowed retries; `bodyExcerpt` is
    /// the beginning of the response body (at most 200 characters).
    case status(code: Int, bodyExcerpt: String, request: RequestSummary)
    /// The 2xx response body does not decode as the request's `Response`; `reason` names the
    /// coding path and what is wrong.
    case decoding(reason: String, request: RequestSummary)

    /// The request the error is about.
    public var request: RequestSummary {
        switch self {
        case .invalidRequest(_, let request), .authentication(_, let request), .transport(_, let request),
            .status(_, _, let request), .decoding(_, let request):
            request
        }
    }

    /// The HTTP status code of a ``status(code:bodyExcerpt:request:)`` error, otherwise `nil`.
    public var statusCode: Int? {
        if case .status(let code, _, _) = self { code } else { nil }
    }

    /// What went wrong, starting with the request, for example
    /// `GET /courses/recent: response does not decode: …`.
    public var description: String {
        switch self {
        case .invalidRequest(let reason, let request):
            "\(request): invalid request: \(reason)"
        case .authentication(let reason, let request):
            "\(request): no authentication token: \(reason)"
        case .transport(let error, let request):
            "\(request): \(error)"
        case .status(let code, let excerpt, let request):
            excerpt.isEmpty ? "\(request): HTTP \(code)" : "\(request): HTTP \(code): \(excerpt)"
        case .decoding(let reason, let request):
            "\(request): response does not decode: \(reason)"
        }
    }
}

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends ``Request``s to the API: builds the URL request, authenticates, validates the status,
/// retries transient failures and decodes the response.
///
/// - The URL is the configuration's base URL, the request's path and its query encoded by
///   ``QueryEncoder`` (strictly percent-encoded).
/// - A request with ``RequestSettings/requiresAuthentication`` gets `Authorization: Bearer
///   <token>` from the ``TokenProvider``; the token never appears in errors or descriptions.
/// - A non-2xx status throws ``APIError/status(code:bodyExcerpt:request:)``.
/// - Transient transport errors (``TransportError/isTransient``: timeouts, failed or lost
///   connections), 408, 429 and 5xx are retried per the ``RetryPolicy`` (or the request's
///   ``RequestSettings/maxRetries``), honouring `Retry-After` in seconds; `POST` and `PATCH` are
///   retried only when the request sets ``RequestSettings/allowsRetry``. Other statuses (404, …),
///   redirect loops and oversized responses are never retried. A transport error thrown after
///   several attempts says how many (`no response within 30 seconds (3 attempts)`).
/// - Bodies decode with `.convertFromSnakeCase` keys and ISO 8601 dates (with or without
///   fractional seconds); a failure throws ``APIError/decoding(reason:request:)`` naming the
///   coding path.
/// - Cancelling the task stops at once: no further attempt or wait, `CancellationError`.
///
/// ```swift
/// let client = APIClient(configuration: APIConfiguration(baseURL: baseURL),
///                        transport: URLSessionTransport())
/// let recent = try await client.send(RecentCoursesRequest(query: .init(limit: 10))).items
/// ```
public struct APIClient: Sendable {
    /// Where the API lives and the default timeout.
    public let configuration: APIConfiguration
    /// When and how long failed requests are retried.
    public let retryPolicy: RetryPolicy
    private let transport: any Transport
    private let tokenProvider: (any TokenProvider)?
    let queryEncoder: QueryEncoder

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: The base URL and default timeout.
    ///   - transport: What sends the requests (`URLSessionTransport`, `FixtureTransport`, …).
    ///   - tokenProvider: The source of bearer tokens for authenticated requests.
    ///   - retryPolicy: When to retry; ``RetryPolicy/default`` by default.
    ///   - queryEncoder: How request queries are encoded; default strategies by default.
    public init(
        configuration: APIConfiguration,
        transport: any Transport,
        tokenProvider: (any TokenProvider)? = nil,
        retryPolicy: RetryPolicy = .default,
        queryEncoder: QueryEncoder = QueryEncoder()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.tokenProvider = tokenProvider
        self.retryPolicy = retryPolicy
        self.queryEncoder = queryEncoder
    }

    /// Sends `request` and returns its decoded response.
    ///
    /// - Parameter request: The request.
    /// - Returns: The decoded body of the 2xx response.
    /// - Throws: ``APIError`` (invalid request, authentication, transport, status or decoding),
    ///   or `CancellationError` when the task is cancelled.
    public func send<R: Request>(_ request: R) async throws -> R.Response {
        let summary = RequestSummary(method: request.method, path: request.path)
        var urlRequest = try makeURLRequest(for: request, summary: summary)
        let settings = request.settings
        let maxAttempts = settings.maxRetries.map { max(0, $0) + 1 } ?? retryPolicy.maxAttempts
        let mayRetry = request.method.isIdempotent || settings.allowsRetry
        var attempt = 1
        while true {
            try Task.checkCancellation()
            if settings.requiresAuthentication {
                let token = try await token(for: summary)
                urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            }
            let delay: Duration
            do {
                let (data, response) = try await transport.send(urlRequest)
                if (200..<300).contains(response.statusCode) {
                    return try Self.decode(R.Response.self, from: data, summary: summary)
                }
                let error = APIError.status(
                    code: response.statusCode, bodyExcerpt: Self.excerpt(of: data), request: summary)
                guard mayRetry, attempt < maxAttempts, Self.isTransient(status: response.statusCode) else {
                    throw error
                }
                delay = retryPolicy.delay(beforeRetry: attempt, retryAfter: Self.retryAfter(in: response))
            } catch let error as TransportError {
                try Task.checkCancellation()
                guard mayRetry, attempt < maxAttempts, error.isTransient else {
                    throw APIError.transport(error.afterAttempts(attempt), request: summary)
                }
                delay = retryPolicy.delay(beforeRetry: attempt)
            }
            try await retryPolicy.sleep(delay)
            try Task.checkCancellation()
            attempt += 1
        }
    }

    private func token(for summary: RequestSummary) async throws -> String {
        guard let tokenProvider else {
            throw APIError.authentication(
                reason: "the request requires authentication but the client has no token provider",
                request: summary)
        }
        do {
            return try await tokenProvider.token()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw APIError.authentication(reason: String(describing: error), request: summary)
        }
    }

    static func isTransient(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// The `Retry-After` delay in seconds, if the response has one in that form.
    static func retryAfter(in response: HTTPURLResponse) -> Duration? {
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, name.caseInsensitiveCompare("Retry-After") == .orderedSame,
                let text = value as? String,
                let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0
            else { continue }
            return .seconds(seconds)
        }
        return nil
    }

    /// The first 200 characters of a body, on one line.
    static func excerpt(of data: Data) -> String {
        let text = String(decoding: data.prefix(1024), as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}

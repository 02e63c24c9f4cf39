import Foundation

/// One endpoint of the API: where it lives, what it sends and what it answers.
///
/// A request describes itself; ``APIClient`` turns it into a `URLRequest` against the base URL of
/// its ``APIConfiguration``, sends it, validates the status, retries and decodes ``Response``.
/// Everything but ``Response`` and ``path`` has a default.
///
/// ```swift
/// struct RecentCoursesRequest: Request {
///     typealias Response = ListEnvelope<CourseDTO>
///     struct Query: Encodable, Sendable { var limit: Int }
///
///     var path: String { "/courses/recent" }
///     var query: Query
/// }
///
/// let courses = try await client.send(RecentCoursesRequest(query: .init(limit: 10))).items
/// ```
public protocol Request {
    /// The decoded body of a successful (2xx) response.
    associatedtype Response: Decodable & Sendable
    /// The query parameters, encoded with ``QueryEncoder``; ``EmptyQuery`` by default.
    associatedtype Query: Encodable & Sendable = EmptyQuery

    /// The HTTP method; `.get` by default.
    var method: HTTPMethod { get }
    /// The path relative to the configuration's base URL, for example "/courses/recent".
    /// Characters that cannot appear in a URL path are percent-encoded; a `?` is not a query
    /// separator here (use ``query``).
    var path: String { get }
    /// The query parameters; `EmptyQuery()` by default.
    var query: Query { get }
    /// Extra header fields; none by default. `Authorization` is set by the client when
    /// ``RequestSettings/requiresAuthentication`` is on.
    var headers: [String: String] { get }
    /// The request body; `nil` by default.
    var body: Data? { get }
    /// Authentication, retry and timeout settings; `RequestSettings()` by default.
    var settings: RequestSettings { get }
}

extension Request {
    /// `.get`.
    public var method: HTTPMethod { .get }
    /// No extra header fields.
    public var headers: [String: String] { [:] }
    /// No body.
    public var body: Data? { nil }
    /// The default settings: no authentication, the client's retry policy and timeout.
    public var settings: RequestSettings { RequestSettings() }
}

extension Request where Query == EmptyQuery {
    /// No query parameters.
    public var query: EmptyQuery { EmptyQuery() }
}

/// A query without parameters: the default ``Request/Query``.
public struct EmptyQuery: Encodable, Sendable, Equatable {
    /// Creates the empty query.
    public init() {}
}

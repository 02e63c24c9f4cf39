/// Which request an error is about: method and path, never headers, query or body.
///
/// ```swift
/// print(error.request)   // "GET /courses/recent"
/// ```
public struct RequestSummary: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    public let method: HTTPMethod
    /// The request path relative to the base URL, for example "/courses/recent".
    public let path: String

    /// Creates a summary.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The request path.
    public init(method: HTTPMethod, path: String) {
        self.method = method
        self.path = path
    }

    /// For example "GET /courses/recent".
    public var description: String { "\(method) \(path)" }
}

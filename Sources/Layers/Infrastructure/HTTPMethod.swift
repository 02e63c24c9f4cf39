/// An HTTP request method.
///
/// ``isIdempotent`` decides whether ``APIClient`` may retry a request on its own: repeating a
/// `GET` or a `PUT` is harmless, repeating a `POST` may create a second order.
///
/// ```swift
/// struct CreateEnrollment: Request {
///     var method: HTTPMethod { .post }
///     …
/// }
/// ```
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case options = "OPTIONS"

    /// Whether sending the request twice has the same effect as sending it once
    /// (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`; not `POST` or `PATCH`).
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options: true
        case .post, .patch: false
        }
    }

    /// The method as sent on the wire, for example "GET".
    public var description: String { rawValue }
}

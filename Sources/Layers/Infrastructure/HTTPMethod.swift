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
    /// `GET`: Reads a resource.
    case get = "GET"
    /// `HEAD`: Reads a resource's header fields only.
    case head = "HEAD"
    /// `POST`: Creates a resource or triggers an action; not idempotent.
    case post = "POST"
    /// `PUT`: Replaces a resource.
    case put = "PUT"
    /// `PATCH`: Changes part of a resource; not idempotent.
    case patch = "PATCH"
    /// `DELETE`: Deletes a resource.
    case delete = "DELETE"
    /// `OPTIONS`: Asks which methods a resource supports.
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

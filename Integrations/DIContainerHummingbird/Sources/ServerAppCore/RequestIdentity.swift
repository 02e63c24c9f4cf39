import Foundation
import Hummingbird

/// Who made the request being handled: its id and its user, from the `X-Request-ID` and
/// `X-User` header fields. Made from each request's head when its scope opens and handed into
/// the scope (`register(RequestIdentity.self, providedBy: .request)`).
///
/// ```swift
/// let identity = try await container.resolveAsync(RequestIdentity.self)  // inside the request's scope
/// identity.requestID  // the X-Request-ID header field, or a new UUID when there is none
/// ```
public struct RequestIdentity: Sendable, Hashable {
    /// The request's id: the `X-Request-ID` header field, or a new UUID.
    public let requestID: String
    /// The user the request acts for: the `X-User` header field, or "anonymous".
    public let user: String

    /// The identity a request's head declares.
    ///
    /// - Parameter head: The request's method, path and header fields.
    public init(head: HTTPRequest) {
        requestID = Self.field("x-request-id", of: head) ?? UUID().uuidString
        user = Self.field("x-user", of: head) ?? "anonymous"
    }

    /// The first non-empty value of the header field `name` (lowercase).
    private static func field(_ name: String, of head: HTTPRequest) -> String? {
        head.headerFields.first { $0.name.canonicalName == name && !$0.value.isEmpty }?.value
    }
}

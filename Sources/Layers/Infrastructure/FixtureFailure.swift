import Foundation

/// A failure ``FixtureTransport`` injects: the first ``count`` requests to ``route`` fail.
///
/// ```swift
/// let transport = FixtureTransport(fixtures: ["courses/recent": json], failures: [
///     .status(503, route: "/courses/recent", times: 2, headers: ["Retry-After": "1"]),
///     .transport(TransportError(.connectionLost, message: "reset"), route: "/categories"),
/// ])
/// ```
public struct FixtureFailure: Sendable {
    /// How the request fails.
    public enum Kind: Sendable {
        /// An HTTP response with this status, header fields and body.
        case status(code: Int, headers: [String: String], body: Data)
        /// No response: the transport throws this error.
        case transport(TransportError)
    }

    /// The route that fails, in the form of ``FixtureTransport`` routes ("courses/recent").
    public let route: String
    /// How many requests to the route fail before it serves its fixture.
    public let count: Int
    /// How they fail.
    public let kind: Kind

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - route: The URL path that fails, with or without the leading slash.
    ///   - count: How many requests fail before the route recovers.
    ///   - kind: How they fail.
    public init(route: String, count: Int, kind: Kind) {
        self.route = FixtureTransport.route(ofPath: route)
        self.count = count
        self.kind = kind
    }

    /// The first `times` requests to `route` get an HTTP `code` response.
    ///
    /// - Parameters:
    ///   - code: The HTTP status code, for example 503.
    ///   - route: The URL path, for example "/courses/recent".
    ///   - times: How many requests fail; 1 by default.
    ///   - headers: Response header fields, for example `["Retry-After": "2"]`.
    ///   - body: The response body text.
    /// - Returns: The failure.
    public static func status(
        _ code: Int, route: String, times: Int = 1, headers: [String: String] = [:], body: String = ""
    ) -> FixtureFailure {
        FixtureFailure(route: route, count: times, kind: .status(code: code, headers: headers, body: Data(body.utf8)))
    }

    /// The first `times` requests to `route` throw `error` instead of answering.
    ///
    /// - Parameters:
    ///   - error: The transport error to throw.
    ///   - route: The URL path, for example "/courses/recent".
    ///   - times: How many requests fail; 1 by default.
    /// - Returns: The failure.
    public static func transport(_ error: TransportError, route: String, times: Int = 1) -> FixtureFailure {
        FixtureFailure(route: route, count: times, kind: .transport(error))
    }
}

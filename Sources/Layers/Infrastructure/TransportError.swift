import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// No HTTP response arrived: the connection failed, timed out or returned something that is not
/// HTTP.
///
/// ``APIClient`` retries the ``isTransient`` ones. The description names what happened and the
/// URL without its query (queries may carry personal data).
///
/// ```swift
/// catch let error as TransportError where error.kind == .timedOut { … }
/// ```
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The server did not answer within the request's timeout.
        case timedOut
        /// No connection could be made (refused, host not found, no network).
        case cannotConnect
        /// The connection broke before the whole response arrived.
        case connectionLost
        /// The answer was not an HTTP response.
        case invalidResponse
        /// Any other failure; `code` is the `URLError` code when there is one.
        case other(code: Int)
    }

    /// What went wrong.
    public let kind: Kind
    /// The request URL without its query, when known.
    public let url: URL?
    /// A readable explanation, for example the system's message.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - url: The request URL (its query is left out of the description).
    ///   - message: A readable explanation.
    public init(_ kind: Kind, url: URL? = nil, message: String) {
        self.kind = kind
        self.url = url
        self.message = message
    }

    /// Whether trying again may succeed: everything except ``Kind/invalidResponse``.
    public var isTransient: Bool {
        kind != .invalidResponse
    }

    /// For example `timed out (http://127.0.0.1:8080/_test/slow): The request timed out.`
    public var description: String {
        let what =
            switch kind {
            case .timedOut: "timed out"
            case .cannotConnect: "cannot connect"
            case .connectionLost: "connection lost"
            case .invalidResponse: "invalid response"
            case .other(let code): "transport failure \(code)"
            }
        guard let url else { return "\(what): \(message)" }
        return "\(what) (\(Self.redacted(url))): \(message)"
    }

    private static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<url>"
        }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.string ?? "<url>"
    }
}

extension TransportError {
    /// Maps a `URLError` to a transport error with a readable message.
    ///
    /// - Parameters:
    ///   - error: The error `URLSession` threw.
    ///   - url: The request URL.
    public init(_ error: URLError, url: URL?) {
        let kind: Kind
        switch error.code {
        case .timedOut:
            kind = .timedOut
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
            .secureConnectionFailed, .internationalRoamingOff, .dataNotAllowed:
            kind = .cannotConnect
        case .networkConnectionLost:
            kind = .connectionLost
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
            kind = .invalidResponse
        default:
            kind = .other(code: error.code.rawValue)
        }
        self.init(kind, url: url ?? error.failingURL, message: error.localizedDescription)
    }
}

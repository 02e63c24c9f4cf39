import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// No HTTP response arrived: the connection failed, timed out or returned something that is not
/// HTTP.
///
/// ``APIClient`` retries the ``isTransient`` ones. The description names what happened and the
/// URL without its query and credentials (`URL.redactedDescription`).
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
        /// The server redirected more often than the transport follows (a redirect loop, or a
        /// redirect to nowhere).
        case tooManyRedirects
        /// The response body is larger than the transport accepts (`limit` bytes).
        case responseTooLarge(limit: Int)
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

    /// Whether trying again may succeed: a timeout, a failed or a lost connection. An invalid
    /// answer, a redirect loop, an oversized body or any other failure would fail again.
    public var isTransient: Bool {
        switch kind {
        case .timedOut, .cannotConnect, .connectionLost: true
        case .invalidResponse, .tooManyRedirects, .responseTooLarge, .other: false
        }
    }

    /// For example `timed out (http://127.0.0.1:8080/_test/slow): The request timed out.`
    public var description: String {
        let what =
            switch kind {
            case .timedOut: "timed out"
            case .cannotConnect: "cannot connect"
            case .connectionLost: "connection lost"
            case .invalidResponse: "invalid response"
            case .tooManyRedirects: "too many redirects"
            case .responseTooLarge(let limit): "response larger than \(limit) bytes"
            case .other(let code): "transport failure \(code)"
            }
        guard let url else { return "\(what): \(message)" }
        return "\(what) (\(url.redactedDescription)): \(message)"
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
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            kind = .tooManyRedirects
        default:
            kind = .other(code: error.code.rawValue)
        }
        self.init(kind, url: url ?? error.failingURL, message: error.localizedDescription)
    }
}

extension TransportError {
    /// The same error, its message followed by the number of attempts when there were several:
    /// `no response within 30 seconds (3 attempts)`. Without the count, a per-attempt timeout
    /// reads as the whole wait, which was three times as long.
    ///
    /// - Parameter attempts: How many attempts failed, this one included.
    /// - Returns: The error, with the count when `attempts` is above 1.
    func afterAttempts(_ attempts: Int) -> TransportError {
        guard attempts > 1 else { return self }
        return TransportError(kind, url: url, message: "\(message) (\(attempts) attempts)")
    }
}

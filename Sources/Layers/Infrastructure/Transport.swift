import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Moves one HTTP request over the wire and brings back the raw answer.
///
/// `APIClient` builds requests, validates statuses, retries and decodes; a transport only sends.
/// Swap it to run the same app against a real server (`URLSessionTransport`) or bundled JSON
/// (`FixtureTransport`).
public protocol Transport: Sendable {
    /// Sends `request` and returns the body and the HTTP response, whatever its status.
    ///
    /// - Parameter request: The fully built request (URL with query, method, headers, body,
    ///   timeout).
    /// - Throws: `TransportError` when no HTTP response arrives (connection refused, timeout, …)
    ///   and `CancellationError` when the task is cancelled.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that sends requests over the network with `URLSession`.
///
/// It honours the request's `timeoutInterval` (set by ``APIClient`` from the request settings or
/// the configuration), maps `URLError` to ``TransportError`` and stops when the calling task is
/// cancelled, throwing `CancellationError`. On Linux it uses FoundationNetworking.
///
/// ```swift
/// let client = APIClient(configuration: configuration, transport: URLSessionTransport())
/// ```
public struct URLSessionTransport: Transport {
    private let session: URLSession

    /// Creates a transport.
    ///
    /// - Parameter session: The session to send with; an ephemeral session (no cookies or cache
    ///   on disk) by default.
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    /// Sends `request` and returns the body and the HTTP response, whatever its status.
    ///
    /// - Parameter request: The request to send.
    /// - Throws: ``TransportError`` when no HTTP response arrives, `CancellationError` when the
    ///   task is cancelled.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await dataWithTimeout(for: request)
        } catch let error as URLError {
            if error.code == .cancelled || Task.isCancelled {
                throw CancellationError()
            }
            throw TransportError(error, url: request.url)
        } catch let error as TransportError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw TransportError(.other(code: 0), url: request.url, message: String(describing: error))
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError(.invalidResponse, url: request.url, message: "the response is not an HTTP response")
        }
        return (data, http)
    }

    /// `session.data(for:)`, ended with a timed-out error when `timeoutInterval` passes.
    ///
    /// `URLSession` treats `timeoutInterval` as an idle timeout (and FoundationNetworking rounds
    /// it down to whole seconds), so the transport enforces it as a deadline for the response.
    private func dataWithTimeout(for request: URLRequest) async throws -> (Data, URLResponse) {
        let timeout = request.timeoutInterval
        let session = self.session
        guard timeout > 0, timeout.isFinite else {
            return try await session.data(for: request)
        }
        return try await withThrowingTaskGroup(of: (Data, URLResponse).self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64((timeout * 1000).rounded(.up))))
                throw TransportError(
                    .timedOut, url: request.url, message: "no response within \(Self.format(timeout)) seconds")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds.rounded() == seconds ? "\(Int(seconds))" : "\(seconds)"
    }
}

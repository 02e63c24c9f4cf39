import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that sends requests over the network with `URLSession`.
///
/// - **Deadline:** the request's `timeoutInterval` (set by ``APIClient`` from the request settings
///   or the configuration) is a deadline for the whole response, kept exactly: when it passes the
///   call throws ``TransportError/Kind/timedOut`` at once. (`URLSession` itself treats the
///   interval as an idle timeout, and FoundationNetworking rounds it down to whole seconds.)
/// - **Bounded:** a body larger than ``maxResponseBytes`` fails with
///   ``TransportError/Kind/responseTooLarge(limit:)`` as soon as the excess is announced or
///   received, so a server cannot make the app buffer an arbitrary amount; more than
///   ``maxRedirects`` redirects fail with ``TransportError/Kind/tooManyRedirects``.
/// - **Cancellable:** cancelling the calling task throws `CancellationError` at once.
///
/// The transport drives a data task through a session delegate instead of awaiting
/// `URLSession.data(for:)`: on Linux, cancelling `data(for:)` cancels the `URLSession` task while
/// the Swift task's status lock is held, and can deadlock with the session's queue finishing the
/// same request (swift-corelibs-foundation#5412), starving every cooperative thread. Here the
/// deadline and cancellation only resume the waiting call and cancel the `URLSession` task from
/// a private dispatch queue, never from the cooperative pool.
///
/// ```swift
/// let client = APIClient(configuration: configuration,
///                        transport: URLSessionTransport(maxResponseBytes: 5_000_000))
/// ```
public struct URLSessionTransport: Transport {
    /// The default ``maxResponseBytes``: 10 MB.
    public static let defaultMaxResponseBytes = 10_000_000
    /// The default ``maxRedirects``.
    public static let defaultMaxRedirects = 10

    /// The largest response body accepted, in bytes.
    public let maxResponseBytes: Int
    /// The most redirects followed for one request.
    public let maxRedirects: Int
    private let session: TransportSession

    /// Creates a transport with its own session.
    ///
    /// - Parameters:
    ///   - configuration: The session's configuration; ephemeral (no cookies or cache on disk)
    ///     by default.
    ///   - maxResponseBytes: The largest response body accepted, in bytes; 10 MB by default.
    ///   - maxRedirects: The most redirects followed for one request; 10 by default, 0 to
    ///     follow none (a redirect then fails).
    public init(
        configuration: URLSessionConfiguration = .ephemeral,
        maxResponseBytes: Int = URLSessionTransport.defaultMaxResponseBytes,
        maxRedirects: Int = URLSessionTransport.defaultMaxRedirects
    ) {
        self.maxResponseBytes = max(0, maxResponseBytes)
        self.maxRedirects = max(0, maxRedirects)
        session = TransportSession(configuration: configuration)
    }

    /// Sends `request` and returns the body and the HTTP response, whatever its status.
    ///
    /// - Parameter request: The request to send; its `timeoutInterval` is the deadline.
    /// - Throws: ``TransportError`` when no acceptable HTTP response arrives in time,
    ///   `CancellationError` when the task is cancelled.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        let session = session
        let exchange = session.makeExchange(
            url: request.url, maxResponseBytes: maxResponseBytes, maxRedirects: maxRedirects)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                session.start(request, exchange: exchange, continuation: continuation)
            }
        } onCancel: {
            exchange.finish(.failure(CancellationError()))
        }
    }
}

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLSession` of one ``URLSessionTransport``, its delegate and the dispatch queue that
/// makes every call on its tasks (resume, cancel) and fires the deadlines.
///
/// No call on a `URLSessionTask` is made from the cooperative pool: on Linux such a call can
/// block on the session's queue (see ``URLSessionTransport``). The session is invalidated when
/// the last transport holding it goes away.
final class TransportSession: Sendable {
    private let session: URLSession
    private let delegate: TransportSessionDelegate
    private let queue = DispatchQueue(label: "URLSessionTransport.tasks")

    init(configuration: URLSessionConfiguration) {
        let delegate = TransportSessionDelegate()
        self.delegate = delegate
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// A new exchange whose task calls run on this session's queue.
    func makeExchange(url: URL?, maxResponseBytes: Int, maxRedirects: Int) -> TransportExchange {
        TransportExchange(url: url, maxResponseBytes: maxResponseBytes, maxRedirects: maxRedirects, queue: queue)
    }

    /// Starts `request` for `exchange`, which resumes `continuation` exactly once: with the
    /// response, or at its deadline, on cancellation or on a limit, whichever comes first.
    func start(
        _ request: URLRequest, exchange: TransportExchange,
        continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    ) {
        guard exchange.install(continuation) else { return }
        let task = session.dataTask(with: request)
        delegate.register(exchange, for: task.taskIdentifier)
        guard exchange.attach(task) else {
            delegate.unregister(task.taskIdentifier)
            return
        }
        // The deadline only finishes the exchange (a no-op once it has finished); held weakly, it
        // keeps nothing alive until it fires.
        let timeout = request.timeoutInterval
        if timeout > 0, timeout.isFinite {
            let url = request.url
            queue.asyncAfter(deadline: .now() + timeout) { [weak exchange] in
                exchange?.finish(.failure(TransportError.noResponse(within: timeout, url: url)))
            }
        }
        queue.async { [delegate] in
            if exchange.isFinished {
                delegate.unregister(task.taskIdentifier)
            } else {
                task.resume()
            }
        }
    }
}

extension TransportError {
    /// The deadline error: `no response within 0.5 seconds`.
    static func noResponse(within seconds: TimeInterval, url: URL?) -> TransportError {
        let text = seconds.rounded() == seconds ? "\(Int(seconds))" : "\(seconds)"
        return TransportError(.timedOut, url: url, message: "no response within \(text) seconds")
    }
}

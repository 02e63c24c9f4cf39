import DIContainerLocking
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of a ``TransportSession``: routes each task's callbacks to its
/// ``TransportExchange`` (by task identifier) and enforces the exchange's limits.
final class TransportSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Locked<[Int: TransportExchange]>([:])

    func register(_ exchange: TransportExchange, for taskIdentifier: Int) {
        exchanges.withLock { $0[taskIdentifier] = exchange }
    }

    func unregister(_ taskIdentifier: Int) {
        _ = exchanges.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    private func exchange(for task: URLSessionTask) -> TransportExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = exchange(for: dataTask)?.receive(response) ?? false
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let allowed = exchange(for: task)?.redirect() ?? false
        completionHandler(allowed ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(error: error)
    }
}

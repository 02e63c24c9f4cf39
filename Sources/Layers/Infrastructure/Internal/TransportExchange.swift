import DIContainerLocking
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request of ``URLSessionTransport`` in flight: the waiting call's continuation, the
/// `URLSession` task, the body received so far and the limits it is held to.
///
/// Whatever happens first — the task completes, the deadline passes, the calling task is
/// cancelled, the body grows past its limit, too many redirects — ``finish(_:)`` resumes the
/// continuation exactly once; everything later is ignored. Finishing early cancels the
/// `URLSession` task on the session's queue, never on the caller's thread.
final class TransportExchange: Sendable {
    typealias Response = (Data, HTTPURLResponse)

    private struct State {
        /// Set once the call is resumed (or, before it waits, once its outcome is known).
        var isFinished = false
        /// The outcome reached before the call started waiting (cancelled early).
        var earlyOutcome: Result<Response, any Error>?
        var continuation: CheckedContinuation<Response, any Error>?
        var task: URLSessionTask?
        var response: URLResponse?
        var body = Data()
        var redirects = 0
    }

    private let url: URL?
    private let maxResponseBytes: Int
    private let maxRedirects: Int
    private let queue: DispatchQueue
    private let state = Locked(State())

    init(url: URL?, maxResponseBytes: Int, maxRedirects: Int, queue: DispatchQueue) {
        self.url = url
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
        self.queue = queue
    }

    var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Stores the waiting call's continuation; `false` (and the continuation resumed) when the
    /// exchange already finished, so no task should start.
    func install(_ continuation: CheckedContinuation<Response, any Error>) -> Bool {
        let early: Result<Response, any Error>? = state.withLock { state in
            guard state.isFinished else {
                state.continuation = continuation
                return nil
            }
            return state.earlyOutcome ?? .failure(CancellationError())
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Attaches the started task; `false` when the exchange finished meanwhile.
    func attach(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            guard !state.isFinished else { return false }
            state.task = task
            return true
        }
    }

    /// Ends the exchange with `outcome` unless it has ended already, cancelling the task.
    func finish(_ outcome: Result<Response, any Error>) {
        end(outcome, cancellingTask: true)
    }

    /// The response head arrived: `false` (and the exchange failed) when its announced length
    /// is over the limit.
    func receive(_ response: URLResponse) -> Bool {
        if response.expectedContentLength > Int64(maxResponseBytes) {
            end(.failure(tooLarge()), cancellingTask: false)
            return false
        }
        state.withLock { $0.response = response }
        return true
    }

    /// More of the body arrived; past the limit the exchange fails and the task is cancelled.
    func receive(_ data: Data) {
        let isTooLarge = state.withLock { state in
            guard !state.isFinished else { return false }
            guard state.body.count + data.count <= maxResponseBytes else {
                state.body = Data()
                return true
            }
            state.body.append(data)
            return false
        }
        if isTooLarge { finish(.failure(tooLarge())) }
    }

    /// A redirect is about to be followed: `false` (and the exchange failed) past the limit.
    func redirect() -> Bool {
        let allowed = state.withLock { state in
            state.redirects += 1
            return state.redirects <= maxRedirects
        }
        if !allowed {
            let message = "more than \(maxRedirects) redirects; the server may be redirecting in a loop"
            end(.failure(TransportError(.tooManyRedirects, url: url, message: message)), cancellingTask: false)
        }
        return allowed
    }

    /// The task completed, with `error` or with the response and body received.
    func complete(error: (any Error)?) {
        let (response, body) = state.withLock { ($0.response, $0.body) }
        if let error {
            end(.failure(Self.transportError(error, url: url)), cancellingTask: false)
        } else if let http = response as? HTTPURLResponse {
            end(.success((body, http)), cancellingTask: false)
        } else {
            let error = TransportError(.invalidResponse, url: url, message: "the response is not an HTTP response")
            end(.failure(error), cancellingTask: false)
        }
    }

    private func end(_ outcome: Result<Response, any Error>, cancellingTask: Bool) {
        let ended = state.withLock { state -> (CheckedContinuation<Response, any Error>?, URLSessionTask?)? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            if state.continuation == nil { state.earlyOutcome = outcome }
            defer {
                state.continuation = nil
                state.task = nil
                state.body = Data()
            }
            return (state.continuation, state.task)
        }
        guard let (continuation, task) = ended else { return }
        if cancellingTask, let task {
            queue.async { task.cancel() }
        }
        continuation?.resume(with: outcome)
    }

    private func tooLarge() -> TransportError {
        TransportError(
            .responseTooLarge(limit: maxResponseBytes), url: url,
            message: "the response body is larger than \(maxResponseBytes) bytes")
    }

    private static func transportError(_ error: any Error, url: URL?) -> TransportError {
        if let error = error as? URLError {
            return TransportError(error, url: url)
        }
        return TransportError(.other(code: 0), url: url, message: String(describing: error))
    }
}

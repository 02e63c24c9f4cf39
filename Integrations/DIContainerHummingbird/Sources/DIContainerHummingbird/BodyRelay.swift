import Hummingbird
import NIOCore
import Synchronization

/// Carries a streamed body from the task that writes it inside the request's scope to the
/// server's writer, one part at a time: the scope's side waits until each part has been written
/// to the connection, so the body is written at the client's pace and the scope closes only after
/// the last part is out.
final class BodyRelay: Sendable {
    /// One piece of the body.
    enum Part: Sendable {
        case buffer(ByteBuffer)
        case end(HTTPFields?)
    }

    /// The response carrying this relay was dropped unwritten (the head of a `HEAD` request).
    struct Dropped: Error {}

    /// A part written after the body's end.
    struct WriteAfterEnd: Error, CustomStringConvertible {
        var description: String { "a response body was written to after it finished" }
    }

    private enum State {
        /// Nothing in flight.
        case idle
        /// The scope's side offered a part; the server's side has not asked yet.
        case offered(Part, CheckedContinuation<Void, any Error>)
        /// The server's side asked for the next part; none is offered yet.
        case asked(CheckedContinuation<Part?, any Error>)
        /// The server's side is writing a part; the scope's side waits for it.
        case writing(CheckedContinuation<Void, any Error>, isEnd: Bool)
        /// One side failed; the other gets the error.
        case failed(any Error)
        /// The end was written, or the scope's side stopped writing.
        case finished
    }

    private let state = Mutex(State.idle)

    // MARK: The scope's side

    /// Writes `body` through the relay; returns once its last part has been written to the
    /// connection, or at once if the response was dropped unwritten.
    ///
    /// - Parameter body: The response's own body.
    /// - Throws: What the body's writer throws, or what writing to the connection threw.
    func send(_ body: ResponseBody) async throws {
        do {
            try await body.write(Writer(relay: self))
        } catch is Dropped {
            return
        } catch {
            fail(error)
            throw error
        }
        close()
    }

    /// Says the scope's side will write no more: a server's side waiting for a part ends the body
    /// there (as Hummingbird does for a writer that returns without `finish`).
    func close() {
        let asked = state.withLock { state -> CheckedContinuation<Part?, any Error>? in
            switch state {
            case .idle:
                state = .finished
                return nil
            case .asked(let continuation):
                state = .finished
                return continuation
            case .offered, .writing, .failed, .finished:
                return nil
            }
        }
        asked?.resume(returning: nil)
    }

    /// Offers `part` and waits until the server's side has written it.
    private func offer(_ part: Part) async throws {
        try await withCheckedThrowingContinuation { (written: CheckedContinuation<Void, any Error>) in
            let (asked, refusal) = state.withLock { state -> (CheckedContinuation<Part?, any Error>?, (any Error)?) in
                switch state {
                case .idle:
                    state = .offered(part, written)
                    return (nil, nil)
                case .asked(let continuation):
                    state = .writing(written, isEnd: part.isEnd)
                    return (continuation, nil)
                case .failed(let error):
                    return (nil, error)
                case .finished, .offered, .writing:
                    return (nil, WriteAfterEnd())
                }
            }
            if let refusal { written.resume(throwing: refusal) }
            asked?.resume(returning: part)
        }
    }

    // MARK: The server's side

    /// Writes the parts as they come to `writer`, until the end.
    ///
    /// - Parameter writer: The connection's body writer.
    /// - Throws: What writing threw, or what the scope's side failed with.
    func pump(into writer: inout any ResponseBodyWriter) async throws {
        while let part = try await next() {
            do {
                switch part {
                case .buffer(let buffer): try await writer.write(buffer)
                case .end(let trailers): try await writer.finish(trailers)
                }
            } catch {
                fail(error)
                throw error
            }
            written()
            if part.isEnd { return }
        }
    }

    /// Ends the relay unwritten: the scope's side stops waiting (`Dropped`).
    func drop() {
        fail(Dropped())
    }

    /// Waits for the next part; `nil` once the scope's side stopped writing.
    private func next() async throws -> Part? {
        try await withCheckedThrowingContinuation { (asked: CheckedContinuation<Part?, any Error>) in
            let outcome = state.withLock { state -> Result<Part?, any Error>? in
                switch state {
                case .idle:
                    state = .asked(asked)
                    return nil
                case .offered(let part, let written):
                    state = .writing(written, isEnd: part.isEnd)
                    return .success(part)
                case .failed(let error):
                    return .failure(error)
                case .finished:
                    return .success(nil)
                case .asked, .writing:
                    return .failure(WriteAfterEnd())
                }
            }
            if let outcome { asked.resume(with: outcome) }
        }
    }

    /// The part being written is out: its writer goes on.
    private func written() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard case .writing(let continuation, let isEnd) = state else { return nil }
            state = isEnd ? .finished : .idle
            return continuation
        }
        waiting?.resume()
    }

    // MARK: Either side

    /// Fails the relay: whichever side waits gets `error`, and so does every later call.
    private func fail(_ error: any Error) {
        let (partWaiter, writeWaiter) = state.withLock {
            state -> (CheckedContinuation<Part?, any Error>?, CheckedContinuation<Void, any Error>?) in
            let waiting: (CheckedContinuation<Part?, any Error>?, CheckedContinuation<Void, any Error>?)
            switch state {
            case .failed, .finished: return (nil, nil)
            case .idle: waiting = (nil, nil)
            case .offered(_, let written): waiting = (nil, written)
            case .asked(let asked): waiting = (asked, nil)
            case .writing(let written, _): waiting = (nil, written)
            }
            state = .failed(error)
            return waiting
        }
        partWaiter?.resume(throwing: error)
        writeWaiter?.resume(throwing: error)
    }

    /// The scope's side of the relay, as the body's writer sees it.
    private struct Writer: ResponseBodyWriter {
        let relay: BodyRelay

        mutating func write(_ buffer: ByteBuffer) async throws {
            try await relay.offer(.buffer(buffer))
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
            try await relay.offer(.end(trailingHeaders))
        }
    }
}

extension BodyRelay.Part {
    fileprivate var isEnd: Bool {
        if case .end = self { true } else { false }
    }
}

/// Drops its relay when released unused: the response that held it was dropped unwritten.
final class RelayDropGuard: Sendable {
    /// The relay of the response's body.
    let relay: BodyRelay

    init(_ relay: BodyRelay) {
        self.relay = relay
    }

    deinit {
        relay.drop()
    }
}

import DIContainer
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// What happened, in order, across tasks.
final class EventLog: Sendable {
    private struct State {
        var events: [String] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// Every event so far, in order.
    var all: [String] { state.withLock { $0.events } }

    /// Adds `event`.
    func record(_ event: String) {
        let ready = state.withLock { state in
            state.events.append(event)
            let count = state.events.count
            defer { state.waiters.removeAll { $0.count <= count } }
            return state.waiters.filter { $0.count <= count }.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Waits until `count` events have been recorded.
    func waitUntil(count: Int) async {
        await withCheckedContinuation { continuation in
            let isReady = state.withLock { state in
                guard state.events.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if isReady { continuation.resume() }
        }
    }
}

/// A request-scoped service that knows its serial: equal serials, same instance.
final class Token: Sendable {
    private static let next = Mutex(0)
    /// Unique among the tokens of a test run.
    let serial: Int

    init() {
        serial = Self.next.withLock { count in
            count += 1
            return count
        }
    }
}

/// The value handed into each request's scope: the request's `X-Name` header field.
struct RequestName: Sendable, Equatable {
    let value: String

    init(_ request: Request) {
        value = request.headers[HTTPField.Name("X-Name")!] ?? "nobody"
    }
}

/// A request context for calling a responder directly, without a server or a channel.
struct TestContext: RequestContext {
    struct Source: RequestContextSource {
        var logger: Logger { Logger(label: "test") }
    }

    var coreContext: CoreRequestContextStorage

    init(source: Source) {
        coreContext = CoreRequestContextStorage(source: source)
    }
}

extension Request {
    /// A `GET` request for `path`, with no body, for calling a responder directly.
    static func get(_ path: String) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path),
            body: RequestBody(buffer: ByteBuffer()))
    }
}

extension ResponseBody {
    /// A body written in three parts, as a stream would be: each part resolves the request's
    /// `Token` from `container` and writes its serial on a line; `log` gets "body written" once
    /// the end is written.
    static func tokens(from container: Container, log: EventLog) -> ResponseBody {
        ResponseBody { writer in
            for _ in 0..<3 {
                let token = try container.resolve(Token.self)
                try await writer.write(ByteBuffer(string: "\(token.serial)\n"))
            }
            try await writer.finish(nil)
            log.record("body written")
        }
    }
}

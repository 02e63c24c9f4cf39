/// Receives values sent from any thread (dispatch queues, callbacks), for tests.
///
/// `receive` waits for the next value; its timeout is only a guard so that a broken test fails
/// with `InboxTimeout` instead of hanging, never the thing a passing test depends on.
final class Inbox<Value: Sendable>: Sendable {
    private let stream: AsyncStream<Value>
    private let continuation: AsyncStream<Value>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    }

    /// Delivers `value` to the next `receive`.
    func send(_ value: Value) {
        continuation.yield(value)
    }

    /// The next value sent.
    ///
    /// - Throws: `InboxTimeout` if nothing arrives within the guard timeout.
    func receive(timeout: Duration = .seconds(20)) async throws -> Value {
        let stream = self.stream
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw InboxTimeout(timeout: timeout)
            }
            return value
        }
    }
}

/// Nothing arrived in an `Inbox` within its guard timeout.
struct InboxTimeout: Error, CustomStringConvertible {
    let timeout: Duration
    var description: String { "nothing arrived within \(timeout)" }
}

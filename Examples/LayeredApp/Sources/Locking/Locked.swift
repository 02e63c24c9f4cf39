import Synchronization

/// A value behind a lock: the app's one lock type.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// Keeps `value` behind the lock.
    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { value in body(&value) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a mutex: the one lock type of this package, shared by the container, the
/// reference app and the tests.
///
/// A `pthread_mutex_t`, not `Synchronization.Mutex`: on Linux `Mutex` is a futex lock that
/// ThreadSanitizer cannot see (every guarded access is reported as a race) and that degrades
/// badly when more threads than cores wait on it. A pthread mutex is understood by the sanitizer
/// and stays stable under contention.
///
/// `Locked` is `Sendable` only when its value is: it moves no non-`Sendable` value across threads
/// (like swift-service-lifecycle's `LockedValueBox`).
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
package final class Locked<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The mutex is the exclusivity guarantee, so the runtime's dynamic check (a thread-local
    // access set, on every access) is switched off for this one property.
    @exclusivity(unchecked) private var value: Value

    /// Creates a lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not take the same lock again;
    /// keep it short and never call user code from it.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// `@unchecked`, reviewed: `value` is read and written only inside `withLock`, while the mutex is
// held, and the mutex lives exactly as long as the box. Only `Sendable` values may be shared.
extension Locked: @unchecked Sendable where Value: Sendable {}

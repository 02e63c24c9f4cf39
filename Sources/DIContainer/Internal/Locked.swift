#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, for the container's slow paths (registration,
/// singleton construction, scopes, validation). Resolving a built service takes no lock at all.
///
/// Not `Synchronization.Mutex`: on Linux that is a futex lock which ThreadSanitizer cannot see
/// (every guarded access shows up as a race), and which degrades badly when more threads than
/// cores wait on it. A pthread mutex is understood by the sanitizer and stays stable under
/// contention.
///
/// `@unchecked Sendable`, reviewed: `value` is read and written only inside `withLock`, while the
/// mutex is held, and the mutex lives exactly as long as the box.
final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The mutex is the exclusivity guarantee, so the runtime's dynamic check (a thread-local
    // access set, on every access) is switched off for this one property.
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into code that
    /// takes the same lock, and never runs user code in this package.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

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
/// A reference: copies of a `Locked` share one value and one mutex, kept together in one
/// allocation (the value as a `ManagedBuffer`'s header, the mutex as its one element, as
/// swift-nio's `LockStorage` does).
///
/// `public` and `@inlinable` (in a module no product exports) so that `init` and `withLock`
/// specialize in the modules that call them: a `package` body is not inlined across modules, and
/// unspecialized, every lock paid a generic metadata lookup.
public struct Locked<Value> {
    @usableFromInline let storage: ManagedBufferPointer<Value, pthread_mutex_t>

    /// Creates a lock guarding `value`.
    @inlinable
    public init(_ value: Value) {
        storage = ManagedBufferPointer(bufferClass: Storage.self, minimumCapacity: 1) { _, _ in value }
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            #if DEBUG
            // An error-checking mutex, as swift-log's `Lock` makes in debug builds: taking it again
            // from its own `withLock` fails (and traps below) instead of deadlocking silently.
            var attributes = pthread_mutexattr_t()
            var error = pthread_mutexattr_init(&attributes)
            precondition(error == 0, "pthread_mutexattr_init failed with error \(error)")
            error = pthread_mutexattr_settype(&attributes, CInt(PTHREAD_MUTEX_ERRORCHECK))
            precondition(error == 0, "pthread_mutexattr_settype failed with error \(error)")
            error = pthread_mutex_init(mutex, &attributes)
            precondition(error == 0, "pthread_mutex_init failed with error \(error)")
            error = pthread_mutexattr_destroy(&attributes)
            precondition(error == 0, "pthread_mutexattr_destroy failed with error \(error)")
            #else
            let error = pthread_mutex_init(mutex, nil)
            precondition(error == 0, "pthread_mutex_init failed with error \(error)")
            #endif
        }
    }

    /// Runs `body` with exclusive access to the value. `body` must not take the same lock again
    /// (in debug builds that traps; in release builds it deadlocks); keep it short and never call
    /// user code from it.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            let error = pthread_mutex_lock(mutex)
            precondition(error == 0, "Locked.withLock must not be called from its own body: the lock is not re-entrant (error \(error))")
            defer {
                let error = pthread_mutex_unlock(mutex)
                precondition(error == 0, "Locked.withLock unlocks on the thread that locked (error \(error))")
            }
            return try body(&value.pointee)
        }
    }

    /// Whether `other` is a copy of this lock: the same value and mutex. Not inlinable: it is
    /// asked only when a scope first keeps an instance with hooks.
    public func isSame(as other: Locked<Value>) -> Bool {
        storage == other.storage
    }

    /// The value and its mutex. The buffer destroys the value; the mutex is destroyed here.
    @usableFromInline final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            let error = withUnsafeMutablePointerToElements { mutex in pthread_mutex_destroy(mutex) }
            precondition(error == 0, "A Locked value's mutex must not be held when the value is freed (error \(error))")
        }
    }
}

// `@unchecked`, reviewed: the value is read and written only inside `withLock`, while the mutex
// is held, and the mutex lives exactly as long as the value. Only `Sendable` values may be
// shared.
extension Locked: @unchecked Sendable where Value: Sendable {}

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
    @usableFromInline let storage: Storage

    /// Creates a lock guarding `value`.
    @inlinable
    public init(_ value: Value) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in value }
        // `create` makes an instance of the class it is called on: `Storage` itself.
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the value. `body` must not take the same lock again;
    /// keep it short and never call user code from it.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// The value and its mutex. The buffer destroys the value; the mutex is destroyed here.
    @usableFromInline final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { mutex in pthread_mutex_destroy(mutex) }
        }
    }
}

// `@unchecked`, reviewed: the value is read and written only inside `withLock`, while the mutex
// is held, and the mutex lives exactly as long as the value. Only `Sendable` values may be
// shared.
extension Locked: @unchecked Sendable where Value: Sendable {}

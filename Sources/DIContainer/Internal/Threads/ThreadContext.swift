#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Locking
import Synchronization

/// What the container keeps per thread: the reclamation epoch of the lookups running on it (see
/// `Reclamation`), the synchronous factory running on it (so that a captured container used
/// inside that factory continues its resolution) and the bounds of its stack (see `StackGuard`).
///
/// Reached through a pthread key: one `pthread_getspecific` per top-level resolve.
///
/// `@unchecked Sendable`, reviewed: `epoch` is atomic and is the only property other threads
/// read (`Reclamation` scans every context); `runningFactory` and `stackLimit` are read and
/// written only by the thread that owns the context, while it is registered to that thread.
final class ThreadContext: @unchecked Sendable {
    /// 0 while no lookup runs on this thread, else the global epoch the running lookup started in.
    let epoch = Atomic<UInt>(0)
    /// Whether a thread owns this context (a context of an exited thread is reused).
    let isInUse = Atomic<Bool>(true)
    /// The step whose synchronous factory runs on this thread right now, innermost. Unowned: the
    /// engine holds the frame while its factory runs, and restores the previous value after.
    unowned(unsafe) var runningFactory: Frame?
    /// The lowest usable stack address of this thread, found on first use; 0 when unknown.
    var stackLimit: UInt?

    /// The context of the calling thread, made on its first use.
    @inline(__always)
    static var current: ThreadContext {
        let key = Self.key
        if let raw = pthread_getspecific(key) {
            return Unmanaged<ThreadContext>.fromOpaque(raw).takeUnretainedValue()
        }
        return attach(key: key)
    }

    private static func attach(key: pthread_key_t) -> ThreadContext {
        let context = Reclamation.shared.adopt()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// The pthread key; its destructor hands the context back for reuse when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            let context = Unmanaged<ThreadContext>.fromOpaque(raw).takeRetainedValue()
            #else
            guard let raw else { return }
            let context = Unmanaged<ThreadContext>.fromOpaque(raw).takeRetainedValue()
            #endif
            context.runningFactory = nil
            context.stackLimit = nil
            context.isInUse.store(false, ordering: .releasing)
        }
        return key
    }()
}

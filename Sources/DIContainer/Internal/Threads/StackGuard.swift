#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a synchronous resolution from overflowing its thread's stack, whatever the stack's size
/// (8 MiB main threads, 512 KiB secondary threads, 128 KiB on musl, 64 KiB in tests).
///
/// Before each synchronous step the resolution checks the stack left on its thread: it goes on
/// while more than `reserve(forStackOf:)` bytes are free. The reserve holds one more level, the
/// throw (with whatever hook the runtime has for it: Swift Testing records a backtrace on every
/// throw) and the unwinding; the error's text is made by the resolution's first step, near the
/// top of the stack. So a resolution that stops here never crashes, and one that fits within all
/// but the reserve is never refused. The stack's bounds are
/// read once per thread (`ThreadContext.stack`); a check is two comparisons.
///
/// A local whose address is taken lives outside the thread's stack under the address sanitizer
/// (its "fake stack"); there the guard cannot measure anything and lets every step start.
enum StackGuard {
    /// Whether a synchronous step may start on this thread.
    @inline(__always)
    static func allowsStep(in context: ThreadContext) -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let stack = context.stack ?? measure(context)
        return here > stack.limit || here < stack.bottom || here >= stack.top
    }

    /// Finds the thread's stack and stores its bounds and the lowest address a step may start at
    /// (all 0 when the platform does not tell: then every step may start).
    private static func measure(_ context: ThreadContext) -> ThreadContext.Stack {
        guard let (bottom, size) = stackBounds() else {
            let unknown = ThreadContext.Stack(bottom: 0, top: 0, limit: 0)
            context.stack = unknown
            return unknown
        }
        let stack = ThreadContext.Stack(bottom: bottom, top: bottom + UInt(size), limit: bottom + UInt(reserve(forStackOf: size)))
        context.stack = stack
        return stack
    }

    /// The bytes kept free below the last step: an eighth of the stack, between 16 and 64 KiB.
    /// A step takes about 4 KiB in a debug build, several times that under the thread sanitizer.
    static func reserve(forStackOf size: Int) -> Int {
        min(64 * 1024, max(16 * 1024, size / 8))
    }

    /// The lowest address and the size of the calling thread's stack, if the platform tells.
    private static func stackBounds() -> (bottom: UInt, size: Int)? {
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        let size = pthread_get_stacksize_np(pthread_self())
        return (top - UInt(size), size)
        #elseif canImport(Glibc) || canImport(Musl)
        var attributes = pthread_attr_t()
        guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return (UInt(bitPattern: address), size)
        #else
        return nil
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    /// `pthread_getattr_np`, a GNU extension the C module does not import, looked up once.
    private static let threadAttributes: GetAttributes? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif
}

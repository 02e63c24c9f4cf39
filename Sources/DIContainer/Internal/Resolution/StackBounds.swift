#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The stack of one thread, so that a synchronous resolution stops with an error before it
/// overflows it, whatever its size (8 MiB main threads, 512 KiB secondary threads, 128 KiB on
/// musl, 64 KiB in tests).
///
/// A step may start while more than `reserve(forStackOf:)` bytes are free below it: the reserve
/// holds one more level, the throw (with whatever hook the runtime has for it) and the unwinding;
/// the error's text is made by the resolution's first step, near the top of the stack. A step
/// inherits its parent's bounds when it runs on the same thread; a resolution's first step reads
/// them from its thread's `ThreadState`, measured once per thread.
///
/// Under the address sanitizer a local whose address is taken may live outside the thread's
/// stack (its "fake stack"); there nothing can be measured and every step may start.
struct StackBounds: Sendable {
    let thread: UInt
    let bottom: UInt
    let top: UInt
    /// The lowest address a step may start at.
    let limit: UInt

    /// Whether a synchronous step may start here.
    func allowsStep() -> Bool {
        let here = Self.address()
        return here > limit || here < bottom || here >= top
    }

    /// The bounds for a step below `parent`: its parent's when on the same thread, else the
    /// calling thread's (`thread`: its state, when the caller has it at hand).
    static func current(below parent: Step?, on thread: ThreadState? = nil) -> StackBounds {
        if let parent, parent.stack.thread == currentThread { return parent.stack }
        return (thread ?? ThreadState.current).stack
    }

    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// The bytes kept free below the last step: an eighth of the stack, between 16 and 64 KiB.
    static func reserve(forStackOf size: Int) -> Int {
        min(64 * 1024, max(16 * 1024, size / 8))
    }

    private static func address() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The calling thread's bounds (all 0 when the platform does not tell: every step may start).
    static func measure() -> StackBounds {
        let thread = currentThread
        guard let (bottom, size) = stackOfCallingThread() else {
            return StackBounds(thread: thread, bottom: 0, top: 0, limit: 0)
        }
        return StackBounds(thread: thread, bottom: bottom, top: bottom + UInt(size), limit: bottom + UInt(reserve(forStackOf: size)))
    }

    /// The lowest address and the size of the calling thread's stack, if the platform tells.
    private static func stackOfCallingThread() -> (bottom: UInt, size: Int)? {
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
        // An unsafe cast with its reason: a C symbol's address as the C function type it has.
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif
}

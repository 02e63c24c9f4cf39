import DIContainerLocking

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the engine knows about the calling thread: the step whose synchronous factory runs on it
/// (so that a container that factory captured continues its resolution), and its stack's bounds.
/// Confined to its thread: reached only through a thread-specific key, never shared, so it needs
/// no lock and is not `Sendable`.
final class ThreadState {
    /// The step whose synchronous factory runs on this thread now.
    var running: Step?
    /// This thread's stack, measured when the state is made (a stored bound: a lazy one costs
    /// each read a call and a retain of the state).
    let stack: StackBounds
    /// The ids of the resolutions this thread starts: its number in the high bits, a count below.
    private var lastResolutionID: UInt64

    private init() {
        let number = Self.threads.withLock { count in
            count &+= 1
            return count
        }
        lastResolutionID = number << 40
        stack = StackBounds.measure()
    }

    /// A new resolution's id: unique among the resolutions of the process (for the first 2^24
    /// threads, each starting up to 2^40 resolutions).
    func nextResolutionID() -> UInt64 {
        lastResolutionID &+= 1
        return lastResolutionID
    }

    /// How many threads made their state: numbers the next one.
    private static let threads = Locked<UInt64>(0)

    /// The calling thread's state, made on first use and released when the thread exits.
    static var current: ThreadState {
        if let raw = pthread_getspecific(key) {
            // Unretained: the key's value holds the one reference, released by its destructor.
            return Unmanaged<ThreadState>.fromOpaque(raw).takeUnretainedValue()
        }
        let state = ThreadState()
        // The key's value is a retained reference, released when the thread exits.
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Makes `step` the running step of this thread, while its factory or hooks run; returns the
    /// step it replaces, for the caller to put back (`running = outer`) when they return. Not a
    /// method taking the factory as a closure: the closure's captures would cost every step a
    /// retain and a release apiece.
    func setRunning(_ step: Step) -> Step? {
        let outer = running
        running = step
        return outer
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            Unmanaged<ThreadState>.fromOpaque(raw).release()
            #else
            // Balances the retain made when the value was set.
            if let raw { Unmanaged<ThreadState>.fromOpaque(raw).release() }
            #endif
        }
        return key
    }()
}

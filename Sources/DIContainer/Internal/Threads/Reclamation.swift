import Locking
import Synchronization

/// Epoch-based reclamation: frees what lock-free readers may still be looking at — replaced
/// lookup tables (and with them replaced registrations and their singletons), and instances
/// dropped by `reset` — once no lookup that could have seen it is still running.
///
/// A reader brackets each lookup with `read { … }`: it publishes the global epoch in its thread's
/// context before it loads any shared pointer, and clears it after it has retained what it
/// needs. A writer unpublishes an object first (swaps the pointer), then `retire`s it: the object
/// is tagged with the current epoch, the epoch advances, and the object is released as soon as
/// every running lookup started in a later epoch. Readers never wait; a lookup never runs user
/// code, so it is short and a retired object waits at most for the lookups running when it was
/// retired. See `Internal/README.md` for the whole ownership model.
final class Reclamation: Sendable {
    static let shared = Reclamation()

    private struct State {
        /// Every thread context ever made; those of exited threads are reused.
        var contexts: [ThreadContext] = []
        /// Objects waiting for the lookups that might see them, with the epoch they were retired in.
        var retired: [(epoch: UInt, object: AnyObject & Sendable)] = []
    }

    private let epoch = Atomic<UInt>(1)
    private let state = Locked(State())
    /// Whether anything waits in `retired` (checked without the lock when a lookup ends).
    private let hasRetired = Atomic<Bool>(false)

    /// A context for a new thread: a free one, or a new one.
    func adopt() -> ThreadContext {
        state.withLock { state in
            for context in state.contexts
            where context.isInUse.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                return context
            }
            let context = ThreadContext()
            state.contexts.append(context)
            return context
        }
    }

    /// Runs `lookup`, during which shared pointers loaded by it stay valid. `lookup` must not call
    /// user code or start another lookup, and must retain what it returns.
    @inline(__always)
    func read<Result>(in context: ThreadContext, _ lookup: () throws -> Result) rethrows -> Result {
        context.epoch.store(epoch.load(ordering: .relaxed), ordering: .sequentiallyConsistent)
        defer {
            context.epoch.store(0, ordering: .releasing)
            if hasRetired.load(ordering: .relaxed) { reclaim() }
        }
        return try lookup()
    }

    /// Releases `object` once no running lookup can still see it. The caller has already made it
    /// unreachable for new lookups.
    func retire(_ object: AnyObject & Sendable) {
        state.withLock { state in
            let tag = epoch.add(1, ordering: .sequentiallyConsistent).oldValue
            state.retired.append((tag, object))
            hasRetired.store(true, ordering: .releasing)
        }
        reclaim()
    }

    /// Releases every retired object that no running lookup can see. Deinitializers of released
    /// instances run here, outside the lock, on the calling thread.
    func reclaim() {
        let released: [AnyObject & Sendable] = state.withLock { state in
            var oldestRunning = UInt.max
            for context in state.contexts {
                let observed = context.epoch.load(ordering: .sequentiallyConsistent)
                if observed != 0 { oldestRunning = min(oldestRunning, observed) }
            }
            var released: [AnyObject & Sendable] = []
            state.retired.removeAll { item in
                guard item.epoch < oldestRunning else { return false }
                released.append(item.object)
                return true
            }
            hasRetired.store(!state.retired.isEmpty, ordering: .releasing)
            return released
        }
        _ = consume released
    }
}

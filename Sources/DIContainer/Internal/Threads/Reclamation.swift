import Locking
import Synchronization

/// Quiescence-based reclamation: frees what lock-free readers may still be looking at — replaced
/// lookup tables (and with them replaced registrations and their instances), instances dropped by
/// `reset`, replaced observations — once every lookup that could have seen it has ended.
///
/// A reader brackets each lookup with `ThreadContext.read { … }`: its context's sequence number is
/// odd from before it loads any shared pointer until after it has retained what it needs. A
/// writer first unpublishes an object (swaps the pointer), then `retire`s it: the object is kept
/// with the sequence numbers of the lookups running at that moment, and released as soon as each
/// of them has moved on. Readers never wait and write no shared memory but their own context.
/// Reads nest: a synchronous top-level resolve keeps one open until it returns, so the lookups of
/// its steps cost no barrier; what is retired meanwhile waits for that resolve to end (a factory
/// holds reclamation back for as long as it runs, never anything else). A retired object is
/// released at once when no read was open, else by the first read to end after its last reader
/// did.
/// See `Internal/README.md` for the whole ownership model.
final class Reclamation: Sendable {
    static let shared = Reclamation()

    private struct Retired {
        let object: AnyObject & Sendable
        /// The lookups running when it was retired: their context and sequence number.
        let readers: [(context: ThreadContext, sequence: UInt)]
    }

    private struct State {
        /// Every thread context ever made; those of exited threads are reused.
        var contexts: [ThreadContext] = []
        var retired: [Retired] = []
    }

    private let state = Locked(State())
    /// Whether objects wait to be released (read without the lock when a lookup ends).
    let hasRetired = Atomic<Bool>(false)

    /// A context for a new thread: a free one, or a new one.
    func adopt() -> ThreadContext {
        state.withLock { state in
            for context in state.contexts
            where context.isInUse.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                return context
            }
            let context = ThreadContext(reclamation: self)
            state.contexts.append(context)
            return context
        }
    }

    /// Releases `object` once no lookup running now can still see it. The caller has already made
    /// it unreachable for new lookups.
    func retire(_ object: AnyObject & Sendable) {
        state.withLock { state in
            var readers: [(ThreadContext, UInt)] = []
            for context in state.contexts {
                let sequence = context.readSequence.load(ordering: .sequentiallyConsistent)
                if sequence & 1 == 1 { readers.append((context, sequence)) }
            }
            state.retired.append(Retired(object: object, readers: readers))
            hasRetired.store(true, ordering: .relaxed)
        }
        reclaim()
    }

    /// Releases every retired object whose readers have all ended. Deinitializers of released
    /// instances run here, outside the lock, on the calling thread.
    func reclaim() {
        let released: [Retired] = state.withLock { state in
            var released: [Retired] = []
            state.retired.removeAll { item in
                let done = item.readers.allSatisfy { $0.context.readSequence.load(ordering: .sequentiallyConsistent) != $0.sequence }
                if done { released.append(item) }
                return done
            }
            hasRetired.store(!state.retired.isEmpty, ordering: .relaxed)
            return released
        }
        _ = consume released
    }
}

import Locking
import Synchronization

/// One top-level resolve, which every step of its graph shares: the test overrides it runs
/// under, its `graph` instances, and the new instances waiting for their `initCompleted` hooks.
/// A `Lazy` made in it keeps it, to share its `graph` instances when read later.
final class Resolution: Sendable {
    /// A new instance waiting for its registration's `initCompleted` hooks.
    struct PendingHooks: Sendable {
        let entry: Entry
        let container: Container
        let hooks: [Entry.Hook]
        let instance: InstanceBox<Any>
        /// Where the instance is kept, to drop it when a hook fails (`nil` for `graph`).
        let slot: Slot?
        let parent: Step?
    }

    private struct State: Sendable {
        /// The `graph` instances, boxed, by registration (kept with it, so that its identity is
        /// never another registration's while the resolution lives).
        var graph: [ObjectIdentifier: (entry: Entry, box: any Sendable)] = [:]
        var pending: [PendingHooks] = []
    }

    let scope: OverrideScope?
    let isTraced: Bool
    /// The mutable part, made when a step first needs it (a `graph` instance, a hook): a
    /// resolution of transient services allocates nothing more.
    private let shared = AtomicLazyReference<Shared>()
    /// Whether `state.pending` may hold hooks: read without the lock when an entry point ends.
    private let hasPending = Atomic<Bool>(false)

    init(scope: OverrideScope?, isTraced: Bool) {
        self.scope = scope
        self.isTraced = isTraced
    }

    private final class Shared: Sendable {
        let state = Locked(State())
    }

    private var state: Locked<State> {
        (shared.load() ?? shared.storeIfNil(Shared())).state
    }

    /// What identifies this resolution when it waits for another's build (`WaitGraph`).
    var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// `entry`'s `graph` instance in this resolution, boxed, if one was kept.
    func graphInstance(of entry: Entry) -> (any Sendable)? {
        guard shared.load() != nil else { return nil }
        return state.withLock { $0.graph[ObjectIdentifier(entry)]?.box }
    }

    /// Keeps `box` as `entry`'s `graph` instance, unless a concurrent step of this resolution
    /// kept one first: returns the one kept, and whether it is `box`.
    func keepGraphInstance(_ box: any Sendable, of entry: Entry) -> (box: any Sendable, isNew: Bool) {
        state.withLock { state in
            if let kept = state.graph[ObjectIdentifier(entry)] { return (kept.box, false) }
            state.graph[ObjectIdentifier(entry)] = (entry, box)
            return (box, true)
        }
    }

    func queue(_ pending: PendingHooks) {
        state.withLock { state in
            state.pending.append(pending)
            hasPending.store(true, ordering: .releasing)
        }
    }

    /// Runs `body` as an entry point of this resolution (its top-level step, or a `Lazy` read
    /// after the step that made it returned), then every hook waiting, including those of the
    /// instances hooks build. The first failure is thrown: `body`'s, else a hook's.
    func enter<S>(_ body: () throws -> S) throws -> S {
        let value: S
        do {
            value = try body()
        } catch {
            _ = completePending()
            throw error
        }
        if let hookFailure = completePending() { throw hookFailure }
        return value
    }

    /// `enter(_:)` for an `async` entry point.
    func enterAsync<S>(_ body: () async throws -> S) async throws -> S {
        let value: S
        do {
            value = try await body()
        } catch {
            _ = completePending()
            throw error
        }
        if let hookFailure = completePending() { throw hookFailure }
        return value
    }

    private func completePending() -> (any Error)? {
        var failure: (any Error)?
        while let batch = takePending() {
            for item in batch {
                do {
                    try Step.runHooks(item, in: self)
                } catch {
                    item.slot?.reset()
                    if failure == nil { failure = error }
                }
            }
        }
        return failure
    }

    /// The waiting hooks, taken; `nil` once none wait.
    private func takePending() -> [PendingHooks]? {
        guard hasPending.load(ordering: .acquiring) else { return nil }
        return state.withLock { state in
            hasPending.store(false, ordering: .releasing)
            defer { state.pending = [] }
            return state.pending.isEmpty ? nil : state.pending
        }
    }
}

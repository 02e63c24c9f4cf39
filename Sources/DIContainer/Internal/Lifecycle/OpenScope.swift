import DIContainerLocking

/// A scope opened with `Container.withScope`: task-local like test overrides, so the task and its
/// child tasks share its instances and concurrent tasks each have their own. It keeps one store
/// per registration of its scope (`ScopedStorage.current` hands it out), what each store keeps,
/// and the endings of those instances, run when the scope closes; and the values handed in when it
/// opened (`providing:`). Scopes nest, innermost first. Once closed, it keeps nothing: a resolve
/// of its registrations from work that outlived it is refused (`scopeNotOpen`).
final class OpenScope: Sendable {
    @TaskLocal static var innermost: OpenScope?

    let scope: Scope
    let parent: OpenScope?
    /// The values handed in when it opened, boxed.
    private let provided: [InstanceBox]

    private struct State: Sendable {
        /// One store per registration resolved in the scope, with what it keeps (under this lock:
        /// a store has none of its own): a few, so a list.
        var stores: [(store: Store, kept: InstanceBox?)] = []
        /// The endings of what the stores keep.
        var endings: [Ending] = []
        var isClosed = false
        /// The ledgers tracking the scope, for their containers' `shutdown`, while it keeps an
        /// instance with hooks: those of the containers that resolved into it, and their ancestors.
        var ledgers: [Ledger] = []
    }

    private let state = Locked(State())

    init(_ scope: Scope, parent: OpenScope?, provided: [InstanceBox] = []) {
        self.scope = scope
        self.parent = parent
        self.provided = provided
    }

    /// The innermost open scope named `scope` in this chain, closed or not.
    func open(_ scope: Scope) -> OpenScope? {
        self.scope == scope ? self : parent?.open(scope)
    }

    /// The value of type `S` handed in when the scope opened, if one was.
    func provided<S>(_: S.Type) -> S? {
        for box in provided {
            if case let value as S = box.value { return value }
        }
        return nil
    }

    /// This scope's store for the registration whose storage is `storage`; once the scope closed,
    /// one that keeps nothing (the step refuses the resolve before building).
    func store(for storage: ScopedStorage) -> any InstanceStorage {
        state.withLock { state in
            guard !state.isClosed else { return OpenScope.closed }
            if let kept = state.stores.first(where: { $0.store.storage === storage }) { return kept.store }
            let store = Store(of: storage, in: self)
            if state.stores.isEmpty { state.stores.reserveCapacity(4) }  // a request's few, without regrowing
            state.stores.append((store, nil))
            return store
        }
    }

    /// Keeps `box` in `store` with its ending; `false` once the scope closed (the instance's
    /// lifetime ended with it). A kept ending makes the ledgers of `container` and its ancestors
    /// track the scope until it closes.
    func keep(_ box: InstanceBox, ending: Ending?, in store: Store, for container: Container) -> Bool {
        let (isKept, ledgers) = state.withLock { state -> (Bool, [Ledger]) in
            guard !state.isClosed, let index = state.stores.firstIndex(where: { $0.store === store }) else { return (false, []) }
            state.stores[index].kept = box
            guard let ending else { return (true, []) }
            state.endings.append(ending)
            // The ledgers of `container` and its ancestors not tracking the scope yet.
            var new: [Ledger] = []
            var next: Container? = container
            while let container = next, !state.ledgers.contains(where: { $0.isSame(as: container.ledger) }) {
                new.append(container.ledger)
                next = container.parent
            }
            state.ledgers += new
            return (true, new)
        }
        for ledger in ledgers { ledger.track(self) }
        return isKept
    }

    /// Closes the scope: its stores are dropped; returns the endings of what they kept (once).
    func close() -> [Ending] {
        let (stores, endings, ledgers) = state.withLock { state in
            defer { state = State(isClosed: true) }
            return (state.stores, state.endings, state.ledgers)
        }
        for ledger in ledgers { ledger.untrack(self) }
        _ = stores  // released here, outside the lock (each store keeps the scope until then)
        return endings
    }

    /// What `store` keeps.
    private func kept(by store: Store) -> InstanceBox? {
        state.withLock { state in state.stores.first { $0.store === store }?.kept }
    }

    /// One registration's instance in this scope.
    final class Store: InstanceStorage {
        /// The registration's storage, whose instance this store keeps in the scope.
        let storage: ScopedStorage
        /// The scope, which keeps the instance (a cycle while the scope is open: `close` drops
        /// the stores).
        let scope: OpenScope

        init(of storage: ScopedStorage, in scope: OpenScope) {
            (self.storage, self.scope) = (storage, scope)
        }

        var instance: (any Sendable)? { box }
        /// The kept box as it is (see `SharedStorage`); once the scope closed, none.
        var box: InstanceBox? { scope.kept(by: self) }
        /// Only the engine keeps instances here, through `OpenScope.keep` (with their endings).
        func store(_ instance: any Sendable) {}
        /// A scope's instances end with the scope, not with a reset of its generation.
        func reset() {}
    }

    /// What a closed scope hands out, for work that outlived it: nothing kept, nothing stored;
    /// the step refuses it (`scopeNotOpen`) before building.
    static let closed: any InstanceStorage = Refusing()
    /// What a scope that exists only while open hands out where none is open: the same.
    static let unopened: any InstanceStorage = Refusing()

    private final class Refusing: InstanceStorage {
        var instance: (any Sendable)? { nil }
        func store(_ instance: any Sendable) {}
        func reset() {}
    }
}

/// The storage of a `.scoped(s)` registration: one instance per generation of `s` (until
/// `reset`), or, inside `withScope(s)`, the open scope's own store.
final class ScopedStorage: InstanceStorage {
    let scope: Scope
    /// The instance of the scope's current generation, outside `withScope`.
    let generation = SharedStorage()

    init(_ scope: Scope) {
        self.scope = scope
    }

    var current: any InstanceStorage {
        if let open = OpenScope.innermost?.open(scope) { return open.store(for: self) }
        return scope.requiresOpenScope ? OpenScope.unopened : generation
    }

    var instance: (any Sendable)? { generation.instance }
    func store(_ instance: any Sendable) { generation.store(instance) }
    func reset() { generation.reset() }
}

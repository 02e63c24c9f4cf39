import DIContainerLocking

/// A scope opened with `Container.withScope`: task-local like test overrides, so the task and its
/// child tasks share its instances and concurrent tasks each have their own. It keeps one store
/// per registration of its scope (`ScopedStorage.current` hands it out), and the endings of what
/// those stores keep, run when the scope closes. Scopes nest, innermost first.
final class OpenScope: Sendable {
    @TaskLocal static var innermost: OpenScope?

    let scope: Scope
    let parent: OpenScope?
    /// The container whose `withScope` opened it: once the scope keeps an instance with
    /// `onShutdown` hooks, the container's `shutdown` must close it too. (Held strongly: a weak
    /// reference would move every count of the container's references to a side table.)
    private let container: Container

    private struct State: Sendable {
        /// One store per registration resolved in the scope, with what it keeps (under this lock:
        /// a store has none of its own): a few, so a list.
        var stores: [(store: Store, kept: InstanceBox?)] = []
        /// What its stores kept with shutdown hooks; while there are some, its container tracks
        /// the scope for `shutdown`.
        var endings: [Ending] = []
        var isClosed = false
    }

    private let state = Locked(State())

    init(_ scope: Scope, parent: OpenScope?, container: Container) {
        self.scope = scope
        self.parent = parent
        self.container = container
    }

    /// The innermost open scope named `scope` in this chain.
    func open(_ scope: Scope) -> OpenScope? {
        self.scope == scope ? self : parent?.open(scope)
    }

    /// This scope's store for the registration whose storage is `storage`; once the scope closed
    /// (work that outlived `withScope`), a store that keeps nothing.
    func store(for storage: ScopedStorage) -> any InstanceStorage {
        state.withLock { state in
            guard !state.isClosed else { return Unkept() }
            if let kept = state.stores.first(where: { $0.store.storage === storage }) { return kept.store }
            let store = Store(of: storage, in: self)
            if state.stores.isEmpty { state.stores.reserveCapacity(4) }  // a request's few, without regrowing
            state.stores.append((store, nil))
            return store
        }
    }

    /// Records that a store of this scope kept an instance with shutdown hooks; `false` once
    /// the scope closed.
    func add(_ ending: Ending) -> Bool {
        let (isAdded, isFirst) = state.withLock { state in
            guard !state.isClosed else { return (false, false) }
            defer { state.endings.append(ending) }
            return (true, state.endings.isEmpty)
        }
        if isFirst { container.registry.track(self, isOpen: true) }
        return isAdded
    }

    /// Closes the scope: its stores are dropped; returns the endings of what they kept (once).
    func close() -> [Ending] {
        let (stores, endings, isTracked) = state.withLock { state in
            defer { state = State(isClosed: true) }
            return (state.stores, state.endings, !state.endings.isEmpty)
        }
        _ = stores  // released here, outside the lock (each store keeps the scope until then)
        if isTracked { container.registry.track(self, isOpen: false) }
        return endings
    }

    /// What `store` keeps.
    private func kept(by store: Store) -> InstanceBox? {
        state.withLock { state in state.stores.first { $0.store === store }?.kept }
    }

    /// Keeps `box` in `store`; nothing once the scope closed (its instances ended with it).
    private func keep(_ box: InstanceBox?, in store: Store) {
        state.withLock { state in
            guard let index = state.stores.firstIndex(where: { $0.store === store }) else { return }
            state.stores[index].kept = box
        }
    }

    /// One registration's instance in this scope.
    final class Store: InstanceStorage {
        /// The registration's storage, whose instance this store keeps in the scope.
        let storage: ScopedStorage
        /// The scope, for the endings (a cycle while the scope is open: `close` drops the stores).
        let scope: OpenScope

        init(of storage: ScopedStorage, in scope: OpenScope) {
            (self.storage, self.scope) = (storage, scope)
        }

        var instance: (any Sendable)? { box }
        /// The kept box as it is (see `SharedStorage`); once the scope closed, none.
        var box: InstanceBox? { scope.kept(by: self) }
        func store(_ instance: any Sendable) {
            scope.keep(instance as? InstanceBox, in: self)  // only the engine stores here, as in `SharedStorage`
        }
        func reset() { scope.keep(nil, in: self) }
    }

    /// What a closed scope hands out: nothing kept, so every resolve builds.
    private final class Unkept: InstanceStorage {
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
    private let generation = SharedStorage()

    init(_ scope: Scope) {
        self.scope = scope
    }

    var current: any InstanceStorage {
        OpenScope.innermost?.open(scope)?.store(for: self) ?? generation
    }

    var instance: (any Sendable)? { generation.instance }
    func store(_ instance: any Sendable) { generation.store(instance) }
    func reset() { generation.reset() }
}

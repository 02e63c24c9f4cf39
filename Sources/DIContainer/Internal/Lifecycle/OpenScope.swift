import Locking

/// A scope opened with `Container.withScope`: task-local like test overrides, so the task and its
/// child tasks share its instances and concurrent tasks each have their own. It keeps one store
/// per registration of its scope (`ScopedStorage.current` hands it out), and the endings of what
/// those stores keep, run when the scope closes. Scopes nest, innermost first.
final class OpenScope: Sendable {
    @TaskLocal static var innermost: OpenScope?

    let scope: Scope
    let parent: OpenScope?

    private struct State: Sendable {
        /// One store per registration (keyed by its `ScopedStorage`, which the store keeps).
        var stores: [ObjectIdentifier: Store] = [:]
        var endings: [Ending] = []
        var isClosed = false
    }

    private let state = Locked(State())

    init(_ scope: Scope, parent: OpenScope?) {
        self.scope = scope
        self.parent = parent
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
            if let store = state.stores[ObjectIdentifier(storage)] { return store }
            let store = Store(of: storage, in: self)
            state.stores[ObjectIdentifier(storage)] = store
            return store
        }
    }

    /// Records that a store of this scope kept an instance with shutdown hooks; `false` once
    /// the scope closed.
    func add(_ ending: Ending) -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.endings.append(ending)
            return true
        }
    }

    /// Closes the scope: its stores are dropped; returns the endings of what they kept (once).
    func close() -> [Ending] {
        let (stores, endings) = state.withLock { state in
            defer { state = State(isClosed: true) }
            return (state.stores, state.endings)
        }
        _ = stores  // released here, outside the lock
        return endings
    }

    /// One registration's instance in this scope.
    final class Store: InstanceStorage {
        /// The registration's storage: kept so that its identity, this store's key, is not reused.
        private let storage: ScopedStorage
        /// The scope, for the endings: weakly, as the scope keeps its stores.
        weak let scope: OpenScope?
        private let kept = Locked<(any Sendable)?>(nil)

        init(of storage: ScopedStorage, in scope: OpenScope) {
            (self.storage, self.scope) = (storage, scope)
        }

        var instance: (any Sendable)? { kept.withLock { $0 } }
        func store(_ instance: any Sendable) { kept.withLock { $0 = instance } }
        func reset() { kept.withLock { $0 = nil } }
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
    private let kept = Locked<(any Sendable)?>(nil)

    init(_ scope: Scope) {
        self.scope = scope
    }

    var current: any InstanceStorage {
        OpenScope.innermost?.open(scope)?.store(for: self) ?? self
    }

    var instance: (any Sendable)? { kept.withLock { $0 } }
    func store(_ instance: any Sendable) { kept.withLock { $0 = instance } }
    func reset() { kept.withLock { $0 = nil } }
}

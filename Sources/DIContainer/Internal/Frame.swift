import Synchronization

/// One step of a resolution in progress: the registration being built and the step that asked
/// for it. Frames form an immutable linked list from the top-level request, so concurrent child
/// tasks of an `async` factory each extend their own path, and cycles are found by walking it.
///
/// The top-level frame also holds what the whole resolution shares, freed when it returns: its
/// `graph` instances. Every frame carries the scope (test overrides, validation) it runs in.
@usableFromInline
final class Frame: Sendable {
    // Unowned, to keep a step to one retain: the entry lives as long as the registry that
    // answered (tables keep their entries), which the container keeps, which every resolver that
    // carries this frame keeps; the top-level frame is reachable through `parent`.
    unowned(unsafe) let entry: Entry
    let parent: Frame?
    let depth: Int
    let scope: Scope?
    /// The top-level frame; `nil` when this is it.
    private unowned(unsafe) let root: Frame?
    /// The `graph` instances of this resolution (top-level frame only), made on first use so
    /// that resolutions without `graph` registrations allocate nothing for them.
    private let graphStore = Atomic<Unmanaged<GraphStore>?>(nil)

    /// A top-level frame.
    init(entry: Entry, scope: Scope?) {
        self.entry = entry
        self.parent = nil
        self.depth = 1
        self.scope = scope
        self.root = nil
    }

    /// A nested frame, for a dependency `parent`'s factory asked for.
    init(entry: Entry, parent: Frame) {
        self.entry = entry
        self.parent = parent
        self.depth = parent.depth + 1
        self.scope = parent.scope
        self.root = parent.top
    }

    deinit {
        graphStore.load(ordering: .acquiring)?.release()
    }

    /// The top-level frame of this resolution.
    var top: Frame { root ?? self }

    /// The top-level frame's `graph` instances, made on first use.
    private var graph: GraphStore {
        let top = top
        if let store = top.graphStore.load(ordering: .acquiring) { return store.takeUnretainedValue() }
        let store = GraphStore([:])
        let candidate = Unmanaged.passRetained(store)
        let (stored, original) = top.graphStore.compareExchange(
            expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        if stored { return store }
        candidate.release()
        return original?.takeUnretainedValue() ?? store
    }

    /// The services from the top-level request to this one.
    var path: [ServiceKey] {
        var steps: [ServiceKey] = []
        var frame: Frame? = self
        while let current = frame {
            steps.append(current.entry.service)
            frame = current.parent
        }
        return steps.reversed()
    }

    /// The frame building `entry` on this path, if any: the start of a cycle.
    func ancestor(building entry: Entry) -> Frame? {
        var frame: Frame? = self
        while let current = frame {
            if current.entry === entry { return current }
            frame = current.parent
        }
        return nil
    }

    /// The `graph` instance of `entry` in this resolution, if built.
    func graphInstance(of entry: Entry) -> AnyInstanceBox? {
        graph.withLock { $0[ObjectIdentifier(entry)] }
    }

    /// The `graph` instance of `entry`, built by `make` when this resolution has none yet.
    /// `make` runs without the lock; if a concurrent step stored one meanwhile, that one wins.
    func graphInstance(of entry: Entry, make: () throws -> AnyInstanceBox) rethrows -> AnyInstanceBox {
        if let box = graphInstance(of: entry) { return box }
        let made = try make()
        return graph.withLock { graph in
            if let existing = graph[ObjectIdentifier(entry)] { return existing }
            graph[ObjectIdentifier(entry)] = made
            return made
        }
    }
}

/// The `graph` instances of one resolution.
typealias GraphStore = Locked<[ObjectIdentifier: AnyInstanceBox]>

/// The `Resolver` handed to factories: it continues the resolution that called the factory, so
/// nested resolves share its path, its `graph` instances and its scope.
struct ContextResolver: Resolver {
    let container: Container
    let frame: Frame

    func resolve<S>(_ type: S.Type, name: Name?) throws -> S {
        try container.resolve(S.self, key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), arguments: (), from: frame)
    }

    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S {
        try container.resolve(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self),
            arguments: (repeat each arguments), from: frame)
    }

    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S {
        try await container.resolveAsync(
            S.self, key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), arguments: (), from: frame)
    }

    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S {
        try await container.resolveAsync(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self),
            arguments: (repeat each arguments), from: frame)
    }

    func resolveAll<S>(_ type: S.Type) throws -> [S] {
        try container.resolveAll(S.self, from: frame)
    }
}

import Synchronization

/// One step of a resolution in progress: the registration being built and the step that asked
/// for it. Frames form an immutable linked list from the top-level request, so concurrent child
/// tasks of an `async` factory each extend their own path, and cycles are found by walking it.
final class Frame: Sendable {
    let entry: Entry
    let parent: Frame?
    let depth: Int
    let root: Root

    init(entry: Entry, parent: Frame?, root: Root) {
        self.entry = entry
        self.parent = parent
        self.depth = (parent?.depth ?? 0) + 1
        self.root = root
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
}

/// What one top-level resolve shares among all its steps, freed when it returns: the `graph`
/// instances and the scope (test overrides, validation) it runs in.
final class Root: Sendable {
    let scope: Scope?
    let graph = Mutex<[ObjectIdentifier: AnyInstanceBox]>([:])

    init(scope: Scope?) {
        self.scope = scope
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

/// The `Resolver` handed to factories: it continues the resolution that called the factory, so
/// nested resolves share its path, its `graph` instances and its scope.
struct ContextResolver: Resolver {
    let container: Container
    let frame: Frame

    func resolve<S>(_ type: S.Type, name: Name?) throws -> S {
        try container.resolve(S.self, key: Key(S.self, name: name, arguments: Void.self), arguments: (), from: frame)
    }

    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S {
        try container.resolve(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self),
            arguments: (repeat each arguments), from: frame)
    }

    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S {
        try await container.resolveAsync(
            S.self, key: Key(S.self, name: name, arguments: Void.self), arguments: (), from: frame)
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

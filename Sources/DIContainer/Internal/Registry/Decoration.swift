import Synchronization

/// One decorator: wraps what a registration builds. Type-erased so that one list holds any
/// service's decorators; the key it was added under guarantees the type.
struct AnyDecorator: Sendable {
    /// Where `decorate` was called: `Module/File.swift:12`.
    let site: String
    private let body: @Sendable (any Resolver, Any) throws -> Any

    init<S>(_ decorate: @escaping @Sendable (any Resolver, S) throws -> S, site: String) {
        self.site = site
        body = { resolver, inner in
            guard let inner = inner as? S else { return inner }
            return try decorate(resolver, inner)
        }
    }

    func apply<S>(_ inner: S, _ resolver: any Resolver) throws -> S {
        try body(resolver, inner) as? S ?? inner
    }
}

/// What the type and name a decorator was added for: it decorates every registration of them,
/// whatever its runtime arguments.
struct DecorationKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: Name?

    init(_ key: Key) {
        type = key.type
        name = key.name
    }
}

/// The decorators added to one container (or one override scope), by type and name, in the order
/// they were added: `register` gives a new registration the decorators of its type and name.
/// Stored inline in the container: one without decorators allocates nothing for them.
struct Decorations: ~Copyable, Sendable {
    private let table = LazyLocked<[DecorationKey: [AnyDecorator]]>([:])

    func add(_ decorator: AnyDecorator, for key: DecorationKey) {
        table.withLock { $0[key, default: []].append(decorator) }
    }

    @inline(__always)
    func decorators(for key: Key) -> [AnyDecorator] {
        table.isMade ? table.read { $0[DecorationKey(key)] ?? [] } : []
    }

    /// The decorated types and names.
    var keys: [DecorationKey] {
        table.read { Array($0.keys) }
    }
}

extension Entry {
    /// Whether the registration has decorators.
    var isDecorated: Bool {
        !decorators.isEmpty
    }

    /// Where its decorators were added, in the order they apply.
    var decoratorSites: [String] {
        decorators.elements.map(\.site)
    }

    /// `value`, as the factory built it, wrapped by the decorators in the order they were added;
    /// each is given the step's resolver. Out of line: factories check `isDecorated` first.
    @inline(never)
    func decorated<S>(_ value: S, _ resolver: any Resolver) throws -> S {
        var value = value
        for decorator in decorators.elements {
            value = try decorator.apply(value, resolver)
        }
        return value
    }

    /// Adds `decorators` after those already there. Drops what the lifetime kept (built without
    /// them) and what the factory was seen to ask for (the decorators may ask for more).
    func attach(_ decorators: [AnyDecorator]) {
        guard !decorators.isEmpty else { return }
        for decorator in decorators {
            self.decorators.append(decorator)
        }
        restartObservation()
        dropInstances(in: nil)
    }
}

/// A registration that can be copied into another container or an override scope, to be
/// decorated there without changing the original.
protocol CopyableEntry: Entry {
    /// A registration of the same key, lifetime and site whose factory is this one's (with this
    /// one's decorators); it keeps instances of its own.
    func copy() -> Entry
}

extension FactoryBox: CopyableEntry {
    func copy() -> Entry {
        FactoryBox<S, Args>(
            { [self] resolver, arguments in try make(resolver, arguments) }, key: key, argumentTypes: argumentTypes,
            lifetime: lifetime, file: file, line: line)
    }
}

extension AsyncFactoryBox: CopyableEntry {
    func copy() -> Entry {
        AsyncFactoryBox<S, Args>(
            { [self] resolver, arguments in try await make(resolver, arguments) }, key: key, argumentTypes: argumentTypes,
            lifetime: lifetime, file: file, line: line)
    }
}

/// `[Name: T]`, seen through a generic `S`: asking for it resolves every named registration of
/// `T` (without runtime arguments), keyed by name (`Container.registerCollection(of:)`).
protocol NamedCollectionResolvable {
    /// The element type, `T`.
    static var elementType: Any.Type { get }

    /// Every named registration of `T` visible from `container`, resolved below `parent`;
    /// `nil` when there is none.
    static func collect(in container: Container, parent: Step?, resolution: Resolution) throws -> Self?

    /// `collect`, running `async` factories too.
    static func collectAsync(in container: Container, parent: Step?, resolution: Resolution) async throws -> Self?
}

extension Dictionary: NamedCollectionResolvable where Key == Name {
    static var elementType: Any.Type { Value.self }

    static func collect(in container: Container, parent: Step?, resolution: Resolution) throws -> Self? {
        let keys = container.namedKeys(of: Value.self, scope: resolution.scope)
        guard !keys.isEmpty else { return nil }
        var result: [Name: Value] = [:]
        for (name, key) in keys {
            result[name] = try container.step(Value.self, key: key, arguments: (), parent: parent, resolution: resolution)
        }
        return result
    }

    static func collectAsync(in container: Container, parent: Step?, resolution: Resolution) async throws -> Self? {
        let keys = container.namedKeys(of: Value.self, scope: resolution.scope)
        guard !keys.isEmpty else { return nil }
        var result: [Name: Value] = [:]
        for (name, key) in keys {
            result[name] = try await container.stepAsync(Value.self, key: key, arguments: (), parent: parent, resolution: resolution)
        }
        return result
    }
}

extension Container {
    /// The named registrations of `type` without runtime arguments visible from here (ancestors,
    /// this container, the test overrides in effect), in registration order, each name once.
    func namedKeys(of type: Any.Type, scope: OverrideScope?) -> [(name: Name, key: Key)] {
        var entries = lineage.reversed().flatMap { $0.registry.entries(ofType: ObjectIdentifier(type)) }
        entries += overridingEntries(ofType: ObjectIdentifier(type), scope: scope)
        var seen: Set<Name> = []
        return entries.compactMap { entry in
            guard let name = entry.key.name, entry.key.arguments == Key.noArguments, seen.insert(name).inserted else { return nil }
            return (name, entry.key)
        }
    }

    /// The named collection `S` (`[Name: T]`) for a key nothing registers: every named
    /// registration of `T`; `nil` when `S` is no named collection; throws `notRegistered` when
    /// no named registration of `T` exists (declare the collection to have `[:]` then).
    func collection<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step?, resolution: Resolution) throws -> S? {
        guard key.name == nil, key.arguments == Key.noArguments, let collection = S.self as? any NamedCollectionResolvable.Type else {
            return nil
        }
        guard let found = try collection.collect(in: self, parent: parent, resolution: resolution) else {
            throw missing(S.self, key: key, arguments: Args.self, parent: parent, scope: resolution.scope)
        }
        return found as? S
    }

    /// `collection`, running `async` factories too.
    func collectionAsync<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step?, resolution: Resolution) async throws -> S? {
        guard key.name == nil, key.arguments == Key.noArguments, let collection = S.self as? any NamedCollectionResolvable.Type else {
            return nil
        }
        guard let found = try await collection.collectAsync(in: self, parent: parent, resolution: resolution) else {
            throw missing(S.self, key: key, arguments: Args.self, parent: parent, scope: resolution.scope)
        }
        return found as? S
    }
}

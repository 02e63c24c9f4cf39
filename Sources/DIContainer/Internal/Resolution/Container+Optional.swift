/// `Optional`, seen through `Any` and through a generic `S`: asking for `T?` resolves `T`, and is
/// `nil` only when nothing is registered for `T` under that name.
protocol OptionalResolvable {
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
    /// The wrapped type.
    static var wrappedType: Any.Type { get }

    /// The wrapped type's instance under `key`'s name and arguments, or `nil` when nothing is
    /// registered for it under that name.
    static func resolveWrapped<Args>(
        in container: Container, key: Key, arguments: Args, parent: Step?, resolution: Resolution
    ) throws -> Self

    /// `resolveWrapped`, running `async` factories too.
    static func resolveWrappedAsync<Args>(
        in container: Container, key: Key, arguments: Args, parent: Step?, resolution: Resolution
    ) async throws -> Self
}

extension Optional: OptionalResolvable {
    var wrappedValue: Any? { self.map { $0 } }
    static var wrappedType: Any.Type { Wrapped.self }

    static func resolveWrapped<Args>(
        in container: Container, key: Key, arguments: Args, parent: Step?, resolution: Resolution
    ) throws -> Self {
        guard let wrapped = registeredWrappedKey(for: key, in: container, parent: parent, resolution: resolution) else {
            return nil
        }
        return .some(try container.step(Wrapped.self, key: wrapped, arguments: arguments, parent: parent, resolution: resolution))
    }

    static func resolveWrappedAsync<Args>(
        in container: Container, key: Key, arguments: Args, parent: Step?, resolution: Resolution
    ) async throws -> Self {
        guard let wrapped = registeredWrappedKey(for: key, in: container, parent: parent, resolution: resolution) else {
            return nil
        }
        return .some(
            try await container.stepAsync(Wrapped.self, key: wrapped, arguments: arguments, parent: parent, resolution: resolution))
    }

    /// The wrapped type's key, when something is registered for it under `key`'s name (with any
    /// arguments: other arguments are a mismatch to report, not an absence).
    private static func registeredWrappedKey(for key: Key, in container: Container, parent: Step?, resolution: Resolution) -> Key? {
        let wrapped = key.withType(Wrapped.self)
        parent?.record(Dependency(key: wrapped, type: Wrapped.self, isOptional: true))
        if container.entry(for: wrapped, scope: resolution.scope) != nil { return wrapped }
        let sameName =
            container.overridingEntries(ofType: wrapped.type, scope: resolution.scope)
            + container.lineage.flatMap { $0.registry.entries(ofType: wrapped.type) }
        return sameName.contains { $0.key.name == key.name } ? wrapped : nil
    }
}

extension Container {
    /// A step for a key nothing is registered for: a `Lazy` or `Provider` of a registered
    /// service, an optional, a named collection, else the error.
    func resolveUnregistered<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step?, resolution: Resolution) throws -> S {
        if let handle = try handle(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution) {
            return handle
        }
        if let collection = try collection(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution) {
            return collection
        }
        guard let optional = S.self as? any OptionalResolvable.Type,
            let value = try optional.resolveWrapped(
                in: self, key: key, arguments: arguments, parent: parent, resolution: resolution) as? S
        else {
            throw missing(S.self, key: key, arguments: Args.self, parent: parent, scope: resolution.scope)
        }
        return value
    }

    /// `resolveUnregistered`, running `async` factories too.
    func resolveUnregisteredAsync<S, Args>(
        _: S.Type, key: Key, arguments: Args, parent: Step?, resolution: Resolution
    ) async throws -> S {
        if let handle = try handle(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution) {
            return handle
        }
        if let collection = try await collectionAsync(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution) {
            return collection
        }
        guard let optional = S.self as? any OptionalResolvable.Type,
            let value = try await optional.resolveWrappedAsync(
                in: self, key: key, arguments: arguments, parent: parent, resolution: resolution) as? S
        else {
            throw missing(S.self, key: key, arguments: Args.self, parent: parent, scope: resolution.scope)
        }
        return value
    }
}

extension Dependency {
    /// A dependency on a parameter's type, resolved unnamed (initializer auto-wiring): `T?`
    /// depends on `T`, optionally; a `Lazy<T>` or `Provider<T>` on `T`, deferred.
    init(declared type: Any.Type) {
        if let handle = type as? any ResolvableHandle.Type {
            let service = handle.wrappedType
            self.init(key: handle.target(for: Key(type: ObjectIdentifier(type), name: nil, arguments: Key.noArguments)), type: service)
            isDeferred = true
        } else if type is any NamedCollectionResolvable.Type {
            // Its members are known at resolve time only; a declared collection answers the key.
            self.init(key: Key(type: ObjectIdentifier(type), name: nil, arguments: Key.noArguments), type: type, isOptional: true)
        } else if let optional = type as? any OptionalResolvable.Type {
            let wrapped = optional.wrappedType
            self.init(key: Key(type: ObjectIdentifier(wrapped), name: nil, arguments: Key.noArguments), type: wrapped, isOptional: true)
        } else {
            self.init(key: Key(type: ObjectIdentifier(type), name: nil, arguments: Key.noArguments), type: type)
        }
    }
}

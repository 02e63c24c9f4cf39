/// Optional resolve: `resolve(Dog?.self)` is answered by the registration of `Dog` — `nil` when
/// nothing is registered for `Dog` under that name, the instance otherwise. Every other failure
/// of `Dog` still throws: a cycle, a failing factory, and arguments of other types than those
/// `Dog` is registered with under that name (`argumentMismatch`).
///
/// The engine asks this only when nothing is registered for the key itself, so a registration
/// of `Dog?` (rare, but allowed) still answers `Dog?` first.
protocol OptionalResolvable {
    /// The type inside: `Dog` for `Dog?`.
    static var wrappedType: Any.Type { get }

    /// `.some` of `Wrapped`'s instance for `key` (read as a key of `Wrapped`), or `.none` when
    /// nothing is registered for it.
    static func resolveWrapped<Args>(
        in container: Container, key: Key, arguments: Args, parent: Frame?, resolution: Resolution,
        context: ThreadContext
    ) throws -> Self

    /// `resolveWrapped`, running an `async` factory if the registration of `Wrapped` has one.
    static func resolveWrappedAsync<Args>(
        in container: Container, key: Key, arguments: Args, parent: Frame?, resolution: Resolution
    ) async throws -> Self
}

extension Optional: OptionalResolvable {
    static var wrappedType: Any.Type { Wrapped.self }

    static func resolveWrapped<Args>(
        in container: Container, key: Key, arguments: Args, parent: Frame?, resolution: Resolution,
        context: ThreadContext
    ) throws -> Self {
        guard let wrapped = registeredWrappedKey(for: key, in: container, parent: parent, resolution: resolution) else {
            return nil
        }
        return .some(
            try container.resolve(
                Wrapped.self, key: wrapped, arguments: arguments, parent: parent, resolution: resolution, context: context))
    }

    static func resolveWrappedAsync<Args>(
        in container: Container, key: Key, arguments: Args, parent: Frame?, resolution: Resolution
    ) async throws -> Self {
        guard let wrapped = registeredWrappedKey(for: key, in: container, parent: parent, resolution: resolution) else {
            return nil
        }
        return .some(
            try await container.resolveAsync(
                Wrapped.self, key: wrapped, arguments: arguments, parent: parent, resolution: resolution))
    }

    /// `key` as a key of `Wrapped`, when something answers it — or registrations of `Wrapped`
    /// under that name with other argument types, whose mismatch the resolve then reports.
    /// Records the optional dependency first, so a factory's observed dependencies say it was
    /// optional.
    private static func registeredWrappedKey(
        for key: Key, in container: Container, parent: Frame?, resolution: Resolution
    ) -> Key? {
        let wrapped = Key(type: ObjectIdentifier(Wrapped.self), name: key.name, arguments: key.arguments)
        parent?.record(Dependency(key: wrapped, type: Wrapped.self, isOptional: true))
        if container.entry(for: wrapped, scope: resolution.scope) != nil { return wrapped }
        let sameName =
            container.overridingEntries(ofType: wrapped.type, scope: resolution.scope)
            + container.lineage.flatMap { $0.registry.entries(ofType: wrapped.type) }
        return sameName.contains { $0.key.name == key.name } ? wrapped : nil
    }
}

extension Container {
    /// The answer for a key nothing is registered for: a handle when `S` is one (`Lazy`,
    /// `Provider`), the optional resolve of an `Optional` type, else the "not registered" (or
    /// argument mismatch) error. Out of line, so that the steps that call it on a miss do not pay
    /// for `S?`'s metadata on every call.
    @inline(never)
    func resolveUnregistered<S, Args>(
        _: S.Type, key: Key, arguments: Args, parent: Frame?, resolution: Resolution, context: ThreadContext
    ) throws -> S {
        if let handle = try handle(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution) {
            return handle
        }
        guard let optional = S.self as? any OptionalResolvable.Type,
            let value = try optional.resolveWrapped(
                in: self, key: key, arguments: arguments, parent: parent, resolution: resolution, context: context) as? S
        else {
            throw missing(S.self, key: key, arguments: Args.self, parent: parent, scope: resolution.scope)
        }
        return value
    }

    /// `resolveUnregistered` for `async` resolves.
    @inline(never)
    func resolveUnregistered<S, Args>(
        _: S.Type, key: Key, arguments: Args, parent: Frame?, resolution: Resolution
    ) async throws -> S {
        if let handle = try handle(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution) {
            return handle
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
    /// A dependency declared by an auto-wired initializer's parameter of type `type`, resolved
    /// unnamed: a parameter of type `Dog?` is an optional dependency on `Dog`.
    init(parameter type: Any.Type) {
        self.init(requested: type, name: nil, arguments: Key.noArguments)
    }

    /// A dependency on what a resolve of `type` under `name` with arguments of type `arguments`
    /// asks for: `Dog?` is an optional dependency on `Dog`.
    init(requested type: Any.Type, name: Name?, arguments: ObjectIdentifier) {
        if let optional = type as? any OptionalResolvable.Type {
            let wrapped = optional.wrappedType
            self.init(key: Key(type: ObjectIdentifier(wrapped), name: name, arguments: arguments), type: wrapped, isOptional: true)
        } else {
            self.init(key: Key(type: ObjectIdentifier(type), name: name, arguments: arguments), type: type)
        }
    }
}

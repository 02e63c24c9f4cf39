/// Resolving services.
extension Container: Resolver {
    /// The instance registered for `type` under `name`.
    ///
    /// ```swift
    /// let repository = try container.resolve(CourseRepository.self, name: .local)
    /// ```
    ///
    /// Called inside a synchronous factory (through a container the factory captured), it
    /// continues that factory's resolution, like the factory's own resolver does; see `Resolver`.
    ///
    /// Asking for an `Optional` resolves the wrapped type: `try container.resolve(Analytics?.self)`
    /// is `nil` when nothing is registered for `Analytics` under `name`, and its instance
    /// otherwise; every other failure still throws. This holds for every `resolve` and
    /// `resolveAsync`, with or without arguments, and for auto-wired `T?` parameters.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    /// - Returns: The instance, built or reused according to the registration's lifetime.
    /// - Throws: `ResolutionError` when nothing is registered, on a circular dependency, when the
    ///   registration needs other arguments, when a factory fails, or when the registration has an
    ///   `async` factory. Never returns `nil`, never traps.
    public func resolve<S>(_ type: S.Type, name: Name? = nil) throws -> S {
        try resolve(S.self, key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), arguments: (), parent: nil)
    }

    /// The instance registered for `type` under `name`, built with runtime arguments.
    ///
    /// ```swift
    /// let presenter = try container.resolve(CourseDetailPresenter.self, arguments: courseID)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - arguments: The runtime arguments, in the types and order the factory declares.
    /// - Returns: The instance.
    /// - Throws: `ResolutionError`, of kind `argumentMismatch` when the registration takes other
    ///   argument types.
    public func resolve<S, each A>(_ type: S.Type, name: Name? = nil, arguments: repeat each A) throws -> S {
        try resolve(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self), arguments: (repeat each arguments),
            parent: nil)
    }

    /// The instance registered for `type` under `name`, running an `async` factory if the
    /// registration has one (synchronous ones are resolved as by `resolve`).
    ///
    /// ```swift
    /// let database = try await container.resolveAsync(Database.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    /// - Returns: The instance.
    /// - Throws: `ResolutionError`.
    public func resolveAsync<S>(_ type: S.Type, name: Name? = nil) async throws -> S {
        try await resolveAsync(
            S.self, key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), arguments: ())
    }

    /// The instance registered for `type` under `name`, built with runtime arguments, running an
    /// `async` factory if the registration has one.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - arguments: The runtime arguments, in the types and order the factory declares.
    /// - Returns: The instance.
    /// - Throws: `ResolutionError`.
    public func resolveAsync<S, each A>(_ type: S.Type, name: Name? = nil, arguments: repeat each A) async throws -> S {
        try await resolveAsync(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self), arguments: (repeat each arguments))
    }

    /// Every registration of `type` without runtime arguments, across all names, in registration
    /// order: the container's ancestors' first, then its own, then the test overrides' (an
    /// override of a key answers in that key's place).
    ///
    /// ```swift
    /// let interceptors = try container.resolveAll(Interceptor.self)
    /// ```
    ///
    /// - Parameter type: The service type.
    /// - Returns: One instance per registration; empty when there is none.
    /// - Throws: `ResolutionError` from the first registration that fails.
    public func resolveAll<S>(_ type: S.Type) throws -> [S] {
        try resolveAll(S.self, parent: nil)
    }

    /// `resolveAll(_:)` for a new resolution or a factory's step.
    func resolveAll<S>(_: S.Type, parent: Step?) throws -> [S] {
        let scope = parent?.resolution.scope ?? currentScope
        var seen: Set<Key> = []
        var entries = lineage.reversed().flatMap { $0.registry.entries(ofType: ObjectIdentifier(S.self)) }
        entries += overridingEntries(ofType: ObjectIdentifier(S.self), scope: scope)
        // The last registration of a key answers it; its place is the first one's.
        var keys: [Key] = []
        for entry in entries where entry.key.arguments == Key.noArguments && seen.insert(entry.key).inserted {
            keys.append(entry.key)
        }
        return try keys.map { try resolve(S.self, key: $0, arguments: (), parent: parent) }
    }
}

/// Something services can be resolved from: a `Container`, or the resolver a factory receives.
///
/// Factories resolve their dependencies through the resolver they are given, which continues the
/// same resolution (same path for error messages and cycle detection, same `graph` instances,
/// same test overrides):
///
/// ```swift
/// container.register(CourseRepository.self) { r in
///     RemoteCourseRepository(apiClient: try r.resolve(APIClient.self),
///                            cache: try r.resolve(CacheStore.self),
///                            scheduler: try r.resolve(Scheduler.self, name: .background))
/// }
/// ```
///
/// While a synchronous factory runs, whatever it resolves on its thread — through its resolver,
/// or through a container it captured — is a dependency of the service it builds. A resolver kept
/// and used after the factory returned, or on another thread, starts a new resolution in its
/// container, as `container.resolve` does (the resolver does not keep the container alive: once
/// the container is released, it throws `ResolutionError.Kind.containerReleased`). An `async`
/// factory receives a resolver of its own that carries the resolution into its child tasks.
public protocol Resolver: Sendable {
    /// The unnamed instance registered for `type`. (A requirement, not only an extension
    /// method, so a factory's `r.resolve(T.self)` reaches the container in one call.)
    ///
    /// - Throws: `ResolutionError`.
    func resolve<S>(_ type: S.Type) throws -> S

    /// The instance registered for `type` under `name`.
    ///
    /// - Throws: `ResolutionError` when nothing matches, on a cycle, when the factory fails, or
    ///   when the registration has an `async` factory.
    func resolve<S>(_ type: S.Type, name: Name?) throws -> S

    /// The instance registered for `type` under `name`, built with runtime `arguments`.
    ///
    /// - Throws: `ResolutionError`, of kind `argumentMismatch` when the registration takes other
    ///   argument types.
    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S

    /// Like `resolve(_:name:)`, and also runs `async` factories.
    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S

    /// Like `resolve(_:name:arguments:)`, and also runs `async` factories.
    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S

    /// Every registration of `type` without runtime arguments, across all names, in
    /// registration order (plug-ins, interceptors).
    func resolveAll<S>(_ type: S.Type) throws -> [S]
}

extension Resolver {
    /// The unnamed instance registered for `type`.
    ///
    /// - Throws: `ResolutionError`.
    @inlinable
    public func resolve<S>(_ type: S.Type) throws -> S {
        try resolve(type, name: nil)
    }

    /// The unnamed instance registered for `type`, built with runtime `arguments`.
    ///
    /// - Throws: `ResolutionError`.
    @inlinable
    public func resolve<S, each A>(_ type: S.Type, arguments: repeat each A) throws -> S {
        try resolve(type, name: nil, arguments: repeat each arguments)
    }

    /// The unnamed instance registered for `type`, running an `async` factory if it has one.
    ///
    /// - Throws: `ResolutionError`.
    @inlinable
    public func resolveAsync<S>(_ type: S.Type) async throws -> S {
        try await resolveAsync(type, name: nil)
    }
}

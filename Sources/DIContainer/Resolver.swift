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
/// The resolver continues the resolution wherever it is used while the factory runs: on the
/// factory's thread, on another thread the factory waits for, or in the child tasks of an `async`
/// factory. Kept and used after the factory returned, it starts a new resolution in its container,
/// as `container.resolve` does (and keeps that container alive).
///
/// A container captured by a synchronous factory continues the factory's resolution too, when it
/// is the container the resolution started at and is used on the factory's thread. Inside an
/// `async` factory, use the resolver: a captured container starts a new resolution there.
public protocol Resolver: Sendable {
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
    ///
    /// - Throws: `ResolutionError`.
    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S

    /// Like `resolve(_:name:arguments:)`, and also runs `async` factories.
    ///
    /// - Throws: `ResolutionError`.
    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S

    /// Every registration of `type` without runtime arguments, across all names, in
    /// registration order (plug-ins, interceptors).
    ///
    /// - Throws: `ResolutionError` from the first registration that fails.
    func resolveAll<S>(_ type: S.Type) throws -> [S]

    /// Who asked: the service whose factory asked for the one this resolver builds, `nil` at
    /// top level — a logger, tracer or metrics category named after its consumer.
    ///
    /// ```swift
    /// container.register(Logger.self) { r in Logger(label: r.requester?.description ?? "app") }
    /// ```
    ///
    /// It is the service that declared the dependency: through initializer auto-wiring, the
    /// registration whose initializer has the parameter; through a forwarded type
    /// (`implements`), the service that asked for the forwarded type; through a decorator, the
    /// consumer of the decorated service; read through a `Lazy` or `Provider`, the service that
    /// asked for the handle. A container (and a resolver kept past its factory that starts new
    /// resolutions) answers as its resolution does: `nil` at top level.
    ///
    /// Only a service built anew for each consumer (`transient`) may depend on who asked. A
    /// registration that keeps or shares its instance (`singleton`, `weak`, `scoped`, `graph`,
    /// custom) whose factory reads it fails: `resolve` throws `ResolutionError.Kind.factoryFailed`
    /// naming the fix, and `validate()` reports it. Reading it costs a resolve nothing unless a
    /// factory does: it is derived from the resolution's path.
    var requester: ServiceKey? { get }
}

extension Resolver {
    /// `nil`: a resolver that is no factory's (a `Container`) answers at top level.
    public var requester: ServiceKey? { nil }

    /// The unnamed instance registered for `type`: `resolve(type, name: nil)`.
    ///
    /// - Throws: `ResolutionError`.
    public func resolve<S>(_ type: S.Type) throws -> S {
        try resolve(type, name: nil)
    }

    /// The unnamed instance registered for `type`, built with runtime `arguments`.
    ///
    /// - Throws: `ResolutionError`.
    public func resolve<S, each A>(_ type: S.Type, arguments: repeat each A) throws -> S {
        try resolve(type, name: nil, arguments: repeat each arguments)
    }

    /// The unnamed instance registered for `type`, running an `async` factory if it has one.
    ///
    /// - Throws: `ResolutionError`.
    public func resolveAsync<S>(_ type: S.Type) async throws -> S {
        try await resolveAsync(type, name: nil)
    }

    /// The unnamed instance registered for `type`, built with runtime `arguments`, running an
    /// `async` factory if it has one.
    ///
    /// - Throws: `ResolutionError`.
    public func resolveAsync<S, each A>(_ type: S.Type, arguments: repeat each A) async throws -> S {
        try await resolveAsync(type, name: nil, arguments: repeat each arguments)
    }
}

/// A group of registrations that belong together — one per layer, say.
///
/// ```swift
/// struct RepositoryAssembly: Assembly {
///     func assemble(into container: Container) {
///         container.register(CourseRepository.self) { r in RemoteCourseRepository(apiClient: try r.resolve(APIClient.self)) }
///     }
/// }
/// ```
public protocol Assembly {
    /// Registers this assembly's services.
    ///
    /// - Parameter container: The container to register into.
    func assemble(into container: Container)

    /// Runs after every assembly of the same `Container.apply(_:)` call has registered its
    /// services: the place for synchronous work that needs the whole graph, such as checking
    /// what another assembly registered. Optional; the default does nothing.
    ///
    /// It is synchronous and cannot throw. To build services at start-up — an `async` singleton
    /// such as a connection pool, or any whose failure must stop the launch — mark their
    /// registrations `Registration.eager()` and call `Container.start()`, which builds them all
    /// (dependencies first, `async` factories included) and reports every failure:
    ///
    /// ```swift
    /// struct AnalyticsAssembly: Assembly {
    ///     func assemble(into container: Container) {
    ///         container.register(Analytics.self, lifetime: .singleton) { r in Analytics(client: try r.resolve(HTTPClient.self)) }
    ///             .eager()
    ///     }
    /// }
    /// container.apply(AnalyticsAssembly())
    /// try await container.start()   // throws StartupError naming what could not be built
    /// ```
    ///
    /// - Parameter resolver: The container the assemblies were applied to.
    func loaded(resolver: any Resolver)

    /// The services this assembly expects another assembly to register: `validate()` (and
    /// `validateAsync()`, in a test context too) reports each one nothing registers, by assembly
    /// and key, instead of a missing service somewhere down a factory's path. `apply` only
    /// records them. Optional; the default requires nothing.
    ///
    /// ```swift
    /// struct FeatureAssembly: Assembly {
    ///     var requirements: [AssemblyRequirement] { [.service(Database.self)] }
    ///     func assemble(into container: Container) {
    ///         container.register(FeatureStore.self) { r in FeatureStore(db: try r.resolve(Database.self)) }
    ///     }
    /// }
    /// container.apply(FeatureAssembly())
    /// try container.validate()
    /// // FeatureAssembly requires Database; no applied assembly registers it. Fix: …
    /// ```
    var requirements: [AssemblyRequirement] { get }
}

extension Assembly {
    /// None: most assemblies are self-contained.
    public var requirements: [AssemblyRequirement] { [] }

    /// Does nothing: most assemblies only register.
    public func loaded(resolver: any Resolver) {}
}

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
    /// services: the place for work that needs the whole graph, such as resolving a service to
    /// start it or checking what another assembly registered. Optional; the default does nothing.
    ///
    /// ```swift
    /// struct AnalyticsAssembly: Assembly {
    ///     func assemble(into container: Container) {
    ///         container.register(Analytics.self, lifetime: .singleton) { r in Analytics(client: try r.resolve(HTTPClient.self)) }
    ///     }
    ///     func loaded(resolver: any Resolver) {
    ///         try? resolver.resolve(Analytics.self).start()
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter resolver: The container the assemblies were applied to.
    func loaded(resolver: any Resolver)
}

extension Assembly {
    /// Does nothing: most assemblies only register.
    public func loaded(resolver: any Resolver) {}
}

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
}

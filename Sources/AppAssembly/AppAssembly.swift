import DIContainer

/// The whole reference app's wiring: registers the `AppConfiguration` and applies one assembly
/// per layer. This module is the only place that knows the concrete types.
///
/// ```swift
/// AppAssembly(configuration: configuration).assemble(into: .shared)
/// try Container.shared.validate()
/// let presenter = try PresenterFactory().makeMainPresenter()
/// ```
///
/// Assembling again replaces the earlier registrations (and the singletons they held), so it is
/// safe to call more than once.
public struct AppAssembly: Assembly {
    /// The settings every layer's factories read.
    public let configuration: AppConfiguration

    /// The per-layer assemblies `assemble(into:)` applies.
    public static var layers: [any Assembly] {
        [
            SchedulingAssembly(), InfrastructureAssembly(), RepositoryAssembly(), UseCaseAssembly(), PresentationAssembly(),
            SessionAssembly(),
        ]
    }

    /// Creates the assembly.
    ///
    /// - Parameter configuration: The backend, cache folder and simulated latency.
    public init(configuration: AppConfiguration) {
        self.configuration = configuration
    }

    /// Registers the configuration (as a ready-made instance) and every layer.
    ///
    /// - Parameter container: The container to register into, usually `.shared`.
    public func assemble(into container: Container) {
        container.register(AppConfiguration.self, instance: configuration)
        container.apply(Self.layers)
    }
}

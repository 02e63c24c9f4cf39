import DIContainer
import Infrastructure

/// Registers the infrastructure, all singletons: the `APIConfiguration`, the `Transport` the
/// configuration asks for, the `APIClient` and the file `CacheStore`.
///
/// The transport is a `FixtureTransport` over the fixtures folder (with the configured simulated
/// latency) or a `URLSessionTransport` for a server. Everything is derived from the registered
/// `AppConfiguration`, so a test can override the configuration alone.
///
/// ```swift
/// let client = try container.resolve(APIClient.self)
/// ```
public struct InfrastructureAssembly: Assembly {
    /// Creates the assembly.
    public init() {}

    /// Registers `APIConfiguration`, `any Transport`, `APIClient` and `any CacheStore`.
    ///
    /// - Parameter container: The container to register into; it must also hold an
    ///   `AppConfiguration` (`AppAssembly` registers it).
    public func assemble(into container: Container) {
        container.register(APIConfiguration.self, lifetime: .singleton, initializer: { (configuration: AppConfiguration) in
            APIConfiguration(baseURL: configuration.baseURL)
        })
        container.register((any Transport).self, lifetime: .singleton, initializer: { (configuration: AppConfiguration) -> any Transport in
            switch configuration.backend {
            case .fixtures(let directory):
                FixtureTransport(directory: directory, latency: configuration.latency)
            case .server:
                URLSessionTransport()
            }
        })
        container.register(APIClient.self, lifetime: .singleton, initializer: { (configuration: APIConfiguration, transport: any Transport) in
            APIClient(configuration: configuration, transport: transport)
        })
        container.register((any CacheStore).self, lifetime: .singleton, initializer: { (configuration: AppConfiguration) throws -> any CacheStore in
            try FileCacheStore(directory: configuration.cacheDirectory)
        })
    }
}

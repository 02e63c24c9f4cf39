import DIContainer
import Infrastructure

/// Registers the infrastructure, all singletons: the `APIConfiguration`, the `Transport` the
/// configuration asks for, the `APIClient` and the file `CacheStore` — or, when the cache folder
/// cannot be used, an `UnavailableCacheStore` (the app then runs without a cache and the demo
/// warns once).
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
        container.register(
            APIConfiguration.self, lifetime: .singleton,
            initializer: { (configuration: AppConfiguration) in
                APIConfiguration(baseURL: configuration.baseURL)
            })
        container.register(
            (any Transport).self, lifetime: .singleton,
            initializer: { (configuration: AppConfiguration) -> any Transport in
                switch configuration.backend {
                case .fixtures(let directory):
                    FixtureTransport(directory: directory, latency: configuration.latency)
                case .server:
                    URLSessionTransport()
                }
            })
        container.register(
            APIClient.self, lifetime: .singleton,
            initializer: { (configuration: APIConfiguration, transport: any Transport) in
                APIClient(configuration: configuration, transport: transport)
            })
        container.register(
            (any CacheStore).self, lifetime: .singleton,
            initializer: { (configuration: AppConfiguration) -> any CacheStore in
                // Caching is best effort: an unusable folder means no cache, not a failing app.
                do {
                    return try FileCacheStore(directory: configuration.cacheDirectory)
                } catch let error as CacheError {
                    return UnavailableCacheStore(reason: error)
                } catch {
                    return UnavailableCacheStore(
                        reason: .unusableDirectory(path: configuration.cacheDirectory.path, reason: "\(error)"))
                }
            })
    }
}

import DIContainer
import DIDemoInfrastructure

/// Registers the infrastructure, all singletons: the `APIConfiguration`, the `Transport` the
/// configuration asks for, the `APIClient` and the file `CacheStore` — or, when the cache folder
/// cannot be used, an `UnavailableCacheStore` (the app then runs without a cache and the demo
/// warns once).
///
/// The transport is a `URLSessionTransport`, marked live-only: a test that resolves it without an
/// override fails with a clear error instead of reaching the network. In the `mockServer` context
/// (`--mock-server`) its variant, a `FixtureTransport` over the configuration's fixtures folder
/// (with the configured simulated latency), answers instead. Everything else is derived from the
/// registered `AppConfiguration`, so a test can override the configuration alone.
///
/// ```swift
/// let client = try container.resolve(APIClient.self)
/// ```
public struct InfrastructureAssembly: Assembly {
    /// Creates the assembly.
    public init() {}

    /// What it needs from others: the app's configuration (`AppAssembly` registers it).
    public var requirements: [AssemblyRequirement] { [.service(AppConfiguration.self)] }

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
        container.register((any Transport).self, lifetime: .singleton, initializer: { () -> any Transport in URLSessionTransport() })
            .when(.mockServer) { r -> any Transport in
                let configuration = try r.resolve(AppConfiguration.self)
                guard case .fixtures(let directory) = configuration.backend else { throw NoFixtures() }
                return FixtureTransport(directory: directory, latency: configuration.latency)
            }
            .liveOnly()
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

/// The `mockServer` context is active, but the configuration names a server, not fixtures.
struct NoFixtures: Error, CustomStringConvertible {
    var description: String { "the mock server needs a configuration over fixtures (AppConfiguration.Backend.fixtures)" }
}

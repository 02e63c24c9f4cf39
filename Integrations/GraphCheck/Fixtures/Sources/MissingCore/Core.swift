import DIContainer

public protocol CacheStore: Sendable {}
public protocol Clock: Sendable {}
public final class HTTPClient: Sendable {
    public init() {}
}

/// Registers the HTTP client; the cache and the clock were forgotten.
public struct CoreAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register(HTTPClient.self, lifetime: .singleton) { _ in HTTPClient() }
    }
}

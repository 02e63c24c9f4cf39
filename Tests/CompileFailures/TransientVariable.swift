// Only the literal `.transient` (a `TransientLifetime`) admits a service that is not Sendable: a
// `Lifetime` value selects the overloads that require Sendable, even when it holds `.transient`,
// because the compiler decides when it compiles the call (TransientLifetime's documentation).
// expected-error: type 'ImageCache' does not conform to the 'Sendable' protocol
import DIContainer

final class ImageCache {
    var images: [String: [UInt8]] = [:]
}

func assemble(_ container: Container, lifetime: Lifetime = .transient) {
    container.register(ImageCache.self, lifetime: .transient) { _ in ImageCache() }
    container.register(ImageCache.self, lifetime: lifetime) { _ in ImageCache() }
}

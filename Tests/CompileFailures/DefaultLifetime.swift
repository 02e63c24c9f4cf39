// Without a lifetime, the container's default applies, and it may be a shared one
// (`Container(defaultLifetime: .singleton)`): a service that is not Sendable must say `.transient`.
// expected-error: type 'ImageCache' does not conform to the 'Sendable' protocol
import DIContainer

final class ImageCache {
    var images: [String: [UInt8]] = [:]
}

func assemble(_ container: Container) {
    container.register(ImageCache.self) { _ in ImageCache() }
}

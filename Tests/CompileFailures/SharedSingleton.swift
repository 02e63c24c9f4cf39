// A service that is not Sendable, registered with a lifetime that shares it between threads.
// expected-error: type 'ImageCache' does not conform to the 'Sendable' protocol
import DIContainer

final class ImageCache {
    var images: [String: [UInt8]] = [:]
}

func assemble(_ container: Container) {
    container.register(ImageCache.self, lifetime: .singleton) { _ in ImageCache() }
}

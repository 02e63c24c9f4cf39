// A ready-made instance is handed to every thread that resolves it.
// expected-error: type 'ImageCache' does not conform to the 'Sendable' protocol
import DIContainer

final class ImageCache {
    var images: [String: [UInt8]] = [:]
}

func assemble(_ container: Container) {
    container.register(ImageCache.self, instance: ImageCache())
}

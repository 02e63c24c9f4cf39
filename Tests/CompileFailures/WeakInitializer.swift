// Auto-wiring does not bypass the rule: a weak instance is shared while someone holds it.
// expected-error: type 'ImageCache' does not conform to the 'Sendable' protocol
import DIContainer

final class ImageCache {
    var images: [String: [UInt8]] = [:]
    init() {}
}

func assemble(_ container: Container) {
    container.register(ImageCache.self, lifetime: .weak, initializer: ImageCache.init)
}

// Parallel tasks using one instance of a service that is not Sendable: it can only be registered
// transient, and the compiler refuses to share one resolved instance between the tasks.
// (`UncheckedSendable` is the explicit opt-out; see SendableSafetyTests.)
// expected-error: risks causing data races
import DIContainer

final class ImageCache {
    var images: [String: [UInt8]] = [:]
}

func warmUp(_ container: Container) async throws {
    container.register(ImageCache.self, lifetime: .transient) { _ in ImageCache() }
    let cache = try container.resolve(ImageCache.self)
    await withTaskGroup(of: Void.self) { group in
        for index in 0..<4 {
            group.addTask { cache.images["\(index)"] = [] }
        }
    }
}

import DIContainer
import MissingCore

public final class FeedRepository: Sendable {
    public init(client: HTTPClient, cache: any CacheStore) {}
}
public final class FeedClock: Sendable {
    public init(clock: any Clock) {}
}

public struct FeedAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register(FeedRepository.self) { r in
            FeedRepository(client: try r.resolve(HTTPClient.self), cache: try r.resolve((any CacheStore).self))  // expect: error notRegistered
        }
        container.register(FeedClock.self, initializer: FeedClock.init)  // expect: error notRegistered
    }
}

import DIContainer
import Testing

/// An auto-wired service: built from its initializer.
final class Warmer: Sendable {
    let cache: Cache
    init(cache: Cache) { self.cache = cache }
}

@Suite("Start-up (eager registrations)")
struct StartupTests {
    @Test("start builds every eager registration, closure and auto-wired, dependencies first")
    func buildsEager() async throws {
        let log = EventLog()
        let container = Container()
        container.register(Warmer.self, lifetime: .singleton, initializer: Warmer.init).eager()
        container.register(Cache.self, lifetime: .singleton) { r in
            let cache = Cache(pool: try r.resolve(Pool.self))
            log.record("cache")
            return cache
        }
        container.register(Pool.self, lifetime: .singleton) { _ in
            log.record("pool")
            return Pool(serial: 1)
        }
        .eager()
        container.register(Numbered.self, lifetime: .singleton) { _ async in
            log.record("async")
            return Numbered(0)
        }
        .eager()
        container.register(Numbered.self, name: "lazy", lifetime: .singleton) { _ in
            log.record("lazy")
            return Numbered(0)
        }
        try await container.start()
        #expect(log.all == ["pool", "cache", "async"])
        try await container.start()
        #expect(log.all == ["pool", "cache", "async"])
    }

    @Test("every failure is reported at once, and the others are built")
    func allFailures() async throws {
        struct Unreachable: Error {}
        let log = EventLog()
        let container = Container()
        container.register(Pool.self, lifetime: .singleton) { _ async throws -> Pool in throw Unreachable() }.eager()
        container.register(Warmer.self, lifetime: .singleton, initializer: Warmer.init).eager()
        container.register(Numbered.self, lifetime: .singleton) { _ in
            log.record("built")
            return Numbered(0)
        }
        .eager()
        let error = try await #require(throws: StartupError.self) { try await container.start() }
        #expect(error.failures.count == 2)
        #expect(error.failures.map { $0.path.first?.typeName } == ["Pool", "Warmer"])
        #expect(error.failures[1].path.map(\.typeName) == ["Warmer", "Cache"])
        #expect(log.all == ["built"])
        #expect("\(error)".contains("2 eager registration(s)"))
    }

    @Test("an eager main-actor registration is built on the main actor")
    @MainActor
    func mainActorEager() async throws {
        let container = Container()
        let log = EventLog()
        container.registerMainActor(Numbered.self, lifetime: .singleton) { _ in
            log.record("main")
            return Numbered(0)
        }
        .eager()
        try await container.start()
        #expect(log.all == ["main"])
    }
}

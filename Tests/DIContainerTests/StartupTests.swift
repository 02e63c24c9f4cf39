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

    @Test("an eager async singleton, once start() built it, is resolved synchronously (closure and auto-wired dependents)")
    func asyncEagerForSyncDependents() async throws {
        let container = Container()
        container.register(Pool.self, lifetime: .singleton) { _ async in Pool(serial: 1) }.eager()
        container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in UnitOfWork(pool: try r.resolve(Pool.self), serial: 2) }
        container.register(Cache.self, initializer: Cache.init)
        let early = try #require(throws: ResolutionError.self) { try container.resolve(Cache.self) }
        guard case .asyncFactory = early.kind else {
            Issue.record("expected asyncFactory, got \(early)")
            return
        }
        try await container.validateAsync()
        try await container.start()
        let pool = try container.resolve(Pool.self)
        #expect(try container.resolve(Cache.self).pool === pool)
        let unitOfWork = try await container.withScope(.request) { try container.resolve(UnitOfWork.self) }
        #expect(unitOfWork.pool === pool)
    }

    @Test("a lazy async singleton is still refused to a synchronous resolve, built or not")
    func asyncNotEager() async throws {
        let container = Container()
        container.register(Pool.self, lifetime: .singleton) { _ async in Pool(serial: 1) }
        _ = try await container.resolveAsync(Pool.self)
        #expect(throws: ResolutionError.self) { try container.resolve(Pool.self) }
    }
}

import DIContainer
import DIContainerLocking
import Testing

/// A clock the test moves by hand: expiry without real time.
final class ManualClock: Sendable {
    private let ticks = Locked(0)

    var now: Int { ticks.withLock { $0 } }

    func advance(by count: Int = 1) {
        ticks.withLock { $0 += count }
    }
}

/// A time-to-live storage, as in `InstanceStorage`'s documentation, on a `ManualClock`: an
/// instance stored at tick `t` is kept until the clock reaches `t + lifespan`.
final class ExpiringStorage: InstanceStorage {
    private let clock: ManualClock
    private let lifespan: Int
    private let kept = Locked<(value: any Sendable, expiry: Int)?>(nil)
    private let resets = Locked(0)

    init(clock: ManualClock, lifespan: Int) {
        self.clock = clock
        self.lifespan = lifespan
    }

    /// How often the container called `reset()`.
    var resetCount: Int { resets.withLock { $0 } }

    /// Whether an instance is kept now (without expiring it).
    var isKeeping: Bool { kept.withLock { $0 != nil } }

    var instance: (any Sendable)? {
        let now = clock.now
        return kept.withLock { kept in
            guard let current = kept, now < current.expiry else {
                kept = nil
                return nil
            }
            return current.value
        }
    }

    func store(_ instance: any Sendable) {
        let expiry = clock.now + lifespan
        kept.withLock { $0 = (instance, expiry) }
    }

    func reset() {
        resets.withLock { $0 += 1 }
        kept.withLock { $0 = nil }
    }
}

/// Custom lifetimes (`Lifetime.custom(_:storage:)`): the container asks the registration's own
/// storage for its instance, builds exactly once when it has none, and resets it by name.
@Suite("Custom lifetimes")
struct CustomLifetimeTests {
    private final class Token: Sendable {}
    private final class Session: Sendable {}

    let clock = ManualClock()
    /// Every storage the lifetime made, in order.
    let storages = Locked<[ExpiringStorage]>([])

    /// A custom lifetime named `name` whose storages keep an instance for `lifespan` ticks.
    func expiring(_ name: String = "two ticks", lifespan: Int = 2) -> Lifetime {
        .custom(name) { [clock, storages] in
            let storage = ExpiringStorage(clock: clock, lifespan: lifespan)
            storages.withLock { $0.append(storage) }
            return storage
        }
    }

    @Test("an instance is reused until its storage expires it, then built again exactly once")
    func reusedUntilExpiry() throws {
        let container = Container()
        let builds = Counter()
        container.register(Token.self, lifetime: expiring()) { _ in
            builds.increment()
            return Token()
        }
        let first = try container.resolve(Token.self)
        #expect(try container.resolve(Token.self) === first)
        clock.advance()
        #expect(try container.resolve(Token.self) === first)
        #expect(builds.value == 1)
        clock.advance()  // two ticks after it was stored: expired
        let second = try container.resolve(Token.self)
        #expect(second !== first)
        #expect(try container.resolve(Token.self) === second)
        #expect(builds.value == 2)
    }

    @Test("reset with a custom lifetime of the same name drops what its storage keeps; other lifetimes do not")
    func resetByName() throws {
        let container = Container()
        container.register(Token.self, lifetime: expiring(lifespan: 100)) { _ in Token() }
        let first = try container.resolve(Token.self)
        container.reset(.singleton)
        container.reset(.custom("another name") { ExpiringStorage(clock: ManualClock(), lifespan: 1) })
        #expect(try container.resolve(Token.self) === first)
        let storage = try #require(storages.withLock { $0.first })
        #expect(storage.resetCount == 0)

        // A new `Lifetime` value with the same name is the same lifetime.
        container.reset(.custom("two ticks") { ExpiringStorage(clock: ManualClock(), lifespan: 1) })
        #expect(storage.resetCount == 1)
        #expect(!storage.isKeeping)
        let second = try container.resolve(Token.self)
        #expect(second !== first)
        #expect(try container.resolve(Token.self) === second)
        #expect(storages.withLock { $0.count } == 1)
    }

    @Test("each registration of a custom lifetime gets a storage of its own")
    func storagePerRegistration() throws {
        let container = Container()
        let lifetime = expiring(lifespan: 100)
        container.register(Token.self, lifetime: lifetime) { _ in Token() }
        container.register(Session.self, lifetime: lifetime) { _ in Session() }
        container.register(Token.self, name: "other", lifetime: lifetime) { _ in Token() }
        let made = storages.withLock { $0 }
        #expect(made.count == 3)
        #expect(Set(made.map(ObjectIdentifier.init)).count == 3)

        let token = try container.resolve(Token.self)
        let session = try container.resolve(Session.self)
        let other = try container.resolve(Token.self, name: "other")
        #expect(token !== other)
        #expect(made.filter(\.isKeeping).count == 3)
        // Resetting one type drops only its storage's instances.
        container.reset(lifetime, of: Session.self)
        #expect(made.map(\.resetCount).reduce(0, +) == 1)
        #expect(try container.resolve(Token.self) === token)
        #expect(try container.resolve(Token.self, name: "other") === other)
        #expect(try container.resolve(Session.self) !== session)
    }

    @Test("registrations and the container's description name the custom lifetime")
    func lifetimeNameIsShown() throws {
        let container = Container()
        container.register(Token.self, lifetime: expiring("five minutes")) { _ in Token() }
        let info = try #require(container.registrations.first)
        #expect(info.lifetime == expiring("five minutes"))
        #expect(info.lifetime.description == "five minutes")
        #expect(info.description.contains(" · five minutes · "))
        #expect(container.description.contains("Token · five minutes · "))
    }

    @Test("50 concurrent first resolves build exactly once, and every task gets that instance")
    func concurrentFirstResolves() async throws {
        let container = Container()
        let builds = Counter()
        container.register(Token.self, lifetime: expiring(lifespan: 100)) { _ in
            builds.increment()
            return Token()
        }
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<50 {
                group.addTask { ObjectIdentifier(try container.resolve(Token.self)) }
            }
            return try await group.reduce(into: [ObjectIdentifier]()) { $0.append($1) }
        }
        #expect(identities.count == 50)
        #expect(Set(identities).count == 1)
        #expect(builds.value == 1)
        #expect(try ObjectIdentifier(container.resolve(Token.self)) == identities.first)
    }

    @Test("an expired instance is rebuilt once when many threads resolve it at once")
    func concurrentRebuildAfterExpiry() throws {
        let container = Container()
        let builds = Counter()
        container.register(Token.self, lifetime: expiring(lifespan: 1)) { _ in
            builds.increment()
            return Token()
        }
        let first = try container.resolve(Token.self)
        clock.advance()
        let results = ThreadResults()
        runOnThreads(16, { _ in results.append(ObjectIdentifier(try container.resolve(Token.self))) }, onError: results.fail)
        #expect(results.errors.isEmpty)
        #expect(Set(results.values).count == 1)
        #expect(!results.values.contains(ObjectIdentifier(first)))
        #expect(builds.value == 2)
    }

    /// A storage that hands back a value of its own instead of what the container stored.
    private final class MadeUpStorage: InstanceStorage {
        var instance: (any Sendable)? { "made up" }
        func store(_ instance: any Sendable) {}
        func reset() {}
    }

    @Test("a storage handing back a value the container did not store fails the resolve, at top level and as a dependency")
    func madeUpInstance() throws {
        let container = Container()
        container.register(Token.self, lifetime: .custom("made up") { MadeUpStorage() }) { _ in Token() }
        container.register(Session.self) { r in
            _ = try r.resolve(Token.self)
            return Session()
        }
        for (service, path) in [("Token", ["Token"]), ("Session", ["Session", "Token"])] {
            let error = try #require(throws: ResolutionError.self) {
                if service == "Token" { _ = try container.resolve(Token.self) } else { _ = try container.resolve(Session.self) }
            }
            guard case .factoryFailed(let underlying) = error.kind else {
                Issue.record("expected factoryFailed, got \(error.kind)")
                continue
            }
            #expect("\(underlying)".contains("handed back a value the container did not store"))
            #expect(error.path.map(\.typeName).map { $0.split(separator: ".").last.map(String.init) ?? $0 } == path)
        }
    }
}

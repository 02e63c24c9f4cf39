import DIContainer
import DIContainerLocking
import Dispatch
import Testing

extension Scope {
    static let session: Scope = "session"
    static let checkout: Scope = "checkout"
}

/// A service whose instances tell which build made them.
final class Numbered: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
}

@Suite("Scopes and reset")
struct ScopeTests {
    private func container(_ lifetime: Lifetime, counter: Counter) -> Container {
        let container = Container()
        container.register(Numbered.self, lifetime: lifetime) { _ in Numbered(counter.increment()) }
        return container
    }

    @Test("a scope is a name: equal texts, equal scopes; it describes itself")
    func scopeIsAName() {
        let scope: Scope = "session"
        #expect(scope == .session)
        #expect(scope != .checkout)
        #expect(Set([Scope.session, "session", .checkout]).count == 2)
        #expect(scope.description == "session")
        #expect(Lifetime.scoped(.session).description == "scoped(session)")
        #expect(Lifetime.scoped(.session) != .scoped(.checkout))
    }

    @Test("a scoped instance is shared until its scope is reset, then built again once")
    func scopedUntilReset() throws {
        let counter = Counter()
        let container = container(.scoped(.session), counter: counter)
        let first = try container.resolve(Numbered.self)
        #expect(try container.resolve(Numbered.self) === first)
        container.reset(.scoped(.session))
        let second = try container.resolve(Numbered.self)
        #expect(second !== first)
        #expect(try container.resolve(Numbered.self) === second)
        #expect(counter.value == 2)
    }

    @Test("reset drops singletons and weak instances too", arguments: [Lifetime.singleton, .weak])
    func resetOtherKeptLifetimes(lifetime: Lifetime) throws {
        let container = container(lifetime, counter: Counter())
        let first = try container.resolve(Numbered.self)
        container.reset(lifetime)
        let second = try container.resolve(Numbered.self)
        #expect(second.number == 2)
        withExtendedLifetime(first) {}
    }

    @Test("resetting transient or graph does nothing: nothing outlives a resolve", arguments: [Lifetime.transient, .graph])
    func resetUnkeptLifetimes(lifetime: Lifetime) throws {
        let counter = Counter()
        let container = container(lifetime, counter: counter)
        container.register(Numbered.self, name: "kept", lifetime: .singleton) { _ in Numbered(100) }
        let kept = try container.resolve(Numbered.self, name: "kept")
        _ = try container.resolve(Numbered.self)
        container.reset(lifetime)
        _ = try container.resolve(Numbered.self)
        #expect(counter.value == 2)
        #expect(try container.resolve(Numbered.self, name: "kept") === kept)
    }

    @Test("a reset leaves other scopes, other lifetimes and ready-made instances alone")
    func resetIsSelective() throws {
        let container = Container()
        container.register(Numbered.self, name: "session", lifetime: .scoped(.session)) { _ in Numbered(1) }
        container.register(Numbered.self, name: "checkout", lifetime: .scoped(.checkout)) { _ in Numbered(2) }
        container.register(Numbered.self, name: "singleton", lifetime: .singleton) { _ in Numbered(3) }
        container.register(Numbered.self, name: "instance", instance: Numbered(4))
        let before = try ["session", "checkout", "singleton", "instance"].map { try container.resolve(Numbered.self, name: Name($0)) }
        container.reset(.scoped(.session))
        container.reset(.singleton)
        let after = try ["session", "checkout", "singleton", "instance"].map { try container.resolve(Numbered.self, name: Name($0)) }
        #expect(after[0] !== before[0])
        #expect(after[1] === before[1])
        #expect(after[2] !== before[2])
        #expect(after[3] === before[3])
    }

    @Test("reset of one type leaves the other types of that lifetime alone")
    func resetOfOneType() throws {
        let container = Container()
        container.register(Numbered.self, lifetime: .singleton) { _ in Numbered(1) }
        container.register(Numbered.self, name: "other", lifetime: .singleton) { _ in Numbered(2) }
        container.register(DependencyImpl.self, lifetime: .singleton) { _ in DependencyImpl() }
        let numbered = try container.resolve(Numbered.self)
        let named = try container.resolve(Numbered.self, name: "other")
        let other = try container.resolve(DependencyImpl.self)
        container.reset(.singleton, of: Numbered.self)
        #expect(try container.resolve(Numbered.self) !== numbered)
        #expect(try container.resolve(Numbered.self, name: "other") !== named)
        #expect(try container.resolve(DependencyImpl.self) === other)
        container.reset(.scoped(.session), of: DependencyImpl.self)
        #expect(try container.resolve(DependencyImpl.self) === other)
    }

    @Test("a child's reset drops the instances it inherits, not those of registrations it replaces")
    func resetFromChild() throws {
        let parent = Container()
        parent.register(Numbered.self, lifetime: .scoped(.session)) { _ in Numbered(1) }
        parent.register(Numbered.self, name: "replaced", lifetime: .scoped(.session)) { _ in Numbered(2) }
        let child = Container(parent: parent)
        child.register(Numbered.self, name: "replaced", lifetime: .scoped(.session)) { _ in Numbered(3) }
        let inherited = try child.resolve(Numbered.self)
        let parentsOwn = try parent.resolve(Numbered.self, name: "replaced")
        let childsOwn = try child.resolve(Numbered.self, name: "replaced")
        child.reset(.scoped(.session))
        #expect(try parent.resolve(Numbered.self) !== inherited)  // the instance lives in the parent
        #expect(try parent.resolve(Numbered.self, name: "replaced") === parentsOwn)
        #expect(try child.resolve(Numbered.self, name: "replaced") !== childsOwn)
    }

    @Test("a parent's reset does not reach a child's own registrations")
    func resetFromParent() throws {
        let parent = Container()
        let child = Container(parent: parent)
        child.register(Numbered.self, lifetime: .scoped(.session)) { _ in Numbered(1) }
        let childsOwn = try child.resolve(Numbered.self)
        parent.reset(.scoped(.session))
        #expect(try child.resolve(Numbered.self) === childsOwn)
    }

    @Test("overrides keep scoped instances of their own; a reset inside them drops only those")
    func scopedUnderOverrides() throws {
        let counter = Counter()
        let container = container(.scoped(.session), counter: counter)
        let real = try container.resolve(Numbered.self)
        try container.withOverrides { _ in
        } operation: {
            let mine = try container.resolve(Numbered.self)
            #expect(mine !== real)
            #expect(try container.resolve(Numbered.self) === mine)
            container.reset(.scoped(.session))
            #expect(try container.resolve(Numbered.self) !== mine)
        }
        #expect(try container.resolve(Numbered.self) === real)
        #expect(counter.value == 3)
    }

    @Test("a build in flight during a reset is not handed out after the reset; it is built again")
    func resetDuringBuild() async throws {
        let counter = Counter()
        let building = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let container = Container()
        container.register(Numbered.self, lifetime: .scoped(.session)) { _ in
            let number = counter.increment()
            if number == 1 {
                building.signal()
                release.wait()
            }
            return Numbered(number)
        }
        async let resolved: Int = withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: (try? container.resolve(Numbered.self))?.number ?? 0) }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                building.wait()
                continuation.resume()
            }
        }
        container.reset(.scoped(.session))
        release.signal()
        #expect(await resolved == 2)
        #expect(try container.resolve(Numbered.self).number == 2)
        #expect(counter.value == 2)
    }

    @Test("100 tasks racing one reset: after reset returned only the new generation is seen, each generation built once")
    func resetRacingResolves() async throws {
        for _ in 0..<20 {
            let counter = Counter()
            let container = container(.scoped(.session), counter: counter)
            let resetDone = Locked(false)
            let seen = try await withThrowingTaskGroup(of: (afterReset: Bool, number: Int)?.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        if index == 50 {
                            container.reset(.scoped(.session))
                            resetDone.withLock { $0 = true }
                            return nil
                        }
                        let afterReset = resetDone.withLock { $0 }
                        return (afterReset, try container.resolve(Numbered.self).number)
                    }
                }
                return try await group.reduce(into: [(afterReset: Bool, number: Int)]()) { if let result = $1 { $0.append(result) } }
            }
            let finalNumber = try container.resolve(Numbered.self).number
            let afterReset = Set(seen.filter(\.afterReset).map(\.number))
            let all = Set(seen.map(\.number)).union([finalNumber])
            // Every resolve that started after the reset returned sees the instance built after it.
            #expect(afterReset.isSubset(of: [finalNumber]))
            // At most one instance per generation was handed out, and one was built per generation
            // (a build discarded by the reset is the only extra factory call).
            #expect(all.count <= 2)
            #expect(counter.value <= all.count + 1)
            if all.count == 2 { #expect(!afterReset.contains(all.min() ?? 0)) }
        }
    }
}

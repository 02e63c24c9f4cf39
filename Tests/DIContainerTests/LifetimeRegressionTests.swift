import DIContainer
import DIContainerLocking
import Foundation
import Testing

/// Counts the instances of `LiveObject` alive.
final class LiveCounter: Sendable {
    private let count = Locked(0)

    var value: Int { count.withLock { $0 } }

    func add(_ delta: Int) {
        count.withLock { $0 += delta }
    }
}

/// A service that counts itself alive in its `LiveCounter`.
final class LiveObject: Sendable {
    let live: LiveCounter

    init(_ live: LiveCounter) {
        self.live = live
        live.add(1)
    }

    deinit {
        live.add(-1)
    }
}

/// Lifetimes on the rewritten engine: `weak` registrations of optional types, and containers
/// that never hold each other back.
@Suite("Lifetimes: weak optionals, independent containers")
struct LifetimeRegressionTests {
    private final class Foo: Sendable {}

    // MARK: - weak registrations of an optional type

    @Test("a weak registration of an optional type runs its factory and returns the instance")
    func weakOptionalReturnsInstance() throws {
        let container = Container()
        let builds = Counter()
        container.register(Foo?.self, lifetime: .weak) { _ in
            builds.increment()
            return Foo()
        }
        let resolved = try container.resolve(Foo?.self)
        #expect(resolved != nil)
        #expect(builds.value == 1)
    }

    @Test("an optional wrapping a class is kept weakly: shared while held outside, rebuilt after release")
    func weakOptionalIsKeptWeakly() throws {
        let container = Container()
        let builds = Counter()
        container.register(Foo?.self, lifetime: .weak) { _ in
            builds.increment()
            return Foo()
        }
        weak var released: Foo?
        do {
            let held = try #require(try container.resolve(Foo?.self))
            #expect(try container.resolve(Foo?.self) === held)
            #expect(try container.resolve(Foo?.self) === held)
            #expect(builds.value == 1)
            released = held
        }
        #expect(released == nil)
        let rebuilt = try #require(try container.resolve(Foo?.self))
        #expect(builds.value == 2)
        #expect(try container.resolve(Foo?.self) === rebuilt)
        #expect(builds.value == 2)
    }

    @Test("a weak optional whose factory returns nil is built again on each resolve")
    func weakOptionalNilIsNotKept() throws {
        let container = Container()
        let builds = Counter()
        container.register(Foo?.self, lifetime: .weak) { _ in
            builds.increment()
            return nil
        }
        #expect(try container.resolve(Foo?.self) == nil)
        #expect(try container.resolve(Foo?.self) == nil)
        #expect(builds.value == 2)
    }

    // MARK: - A factory blocked in one container

    @Test("a singleton factory blocked in one container never holds back re-registration and release in another")
    func blockedFactoryHoldsNothingBack() throws {
        let blocked = Container()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        blocked.register(DependencyImpl.self, lifetime: .singleton) { _ in
            entered.signal()
            release.wait()
            return DependencyImpl()
        }
        let outcome = Locked<String?>(nil)
        Thread {
            let text: String
            do {
                _ = try blocked.resolve(DependencyImpl.self)
                text = "resolved"
            } catch {
                text = "\(error)"
            }
            outcome.withLock { $0 = text }
            finished.signal()
        }.start()
        entered.wait()

        // While that factory waits, another container replaces and resolves its singleton.
        let other = Container()
        let live = LiveCounter()
        var mostAlive = 0
        for _ in 0..<3_000 {
            other.register(LiveObject.self, lifetime: .singleton) { _ in LiveObject(live) }
            _ = try other.resolve(LiveObject.self)
            mostAlive = max(mostAlive, live.value)
        }
        #expect(live.value == 1)
        #expect(mostAlive <= 2)
        #expect(outcome.withLock { $0 } == nil)  // the blocked factory was still waiting

        release.signal()
        finished.wait()
        #expect(outcome.withLock { $0 } == "resolved")
        other.removeAll()
        #expect(live.value == 0)
    }
}

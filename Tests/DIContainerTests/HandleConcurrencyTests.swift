import DIContainer
import DIContainerLocking
import Dispatch
import Testing

/// The `Lazy` and `Provider` cases of Swinject 2.10.0's SynchronizedTests, translated: this
/// container needs no `synchronize()`, every container is safe to share.
@Suite("Lazy and Provider across threads")
struct HandleConcurrencyTests {
    private static let threads = 16

    @Test("providers read on many threads: each read is a resolve of its own")
    func providersOnManyThreads() throws {
        final class Probe: Sendable {}
        final class Pet: Sendable {
            let probe: Probe
            init(probe: Probe) { self.probe = probe }
        }
        let container = Container()
        container.register(Probe.self, lifetime: .graph) { _ in Probe() }
        container.register(Pet.self, initializer: Pet.init)
        let pets = Locked<[Pet]>([])  // kept, so that no address is reused
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            guard let pet = try? container.resolve(Provider<Pet>.self).instance else { return }
            pets.withLock { $0.append(pet) }
        }
        #expect(Set(pets.withLock { $0.map { ObjectIdentifier($0.probe) } }).count == Self.threads)
    }

    @Test("a lazy resolved and read on another thread")
    func lazyOnAnotherThread() async throws {
        let container = Container()
        container.register(HandleDog.self) { _ in HandleDog(name: "Hachi") }
        let name: String? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: try? container.resolve(Lazy<HandleDog>.self).instance.name)
            }
        }
        #expect(name == "Hachi")
    }

    @Test("200 rounds of lazies of a singleton made and dropped on many threads: one instance")
    func lazySingletonRounds() throws {
        let container = Container()
        let calls = Counter()
        container.register((any HandleAnimal).self, lifetime: .singleton) { _ in
            calls.increment()
            return HandleDog()
        }
        let identities = Locked<Set<ObjectIdentifier>>([])
        for _ in 0..<200 {
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                guard let animal = try? container.resolve(Lazy<any HandleAnimal>.self).instance else { return }
                identities.withLock { _ = $0.insert(ObjectIdentifier(animal)) }
            }
        }
        #expect(identities.withLock { $0.count } == 1)
        #expect(calls.value == 1)
    }

    @Test("reading an older resolution's lazy inside a factory leaves the current resolution alone")
    func lazyOfAnotherResolutionInsideAFactory() throws {
        final class Resolved: Sendable {}
        final class Child: Sendable {
            let lazy: Lazy<Resolved>
            init(lazy: Lazy<Resolved>) { self.lazy = lazy }
        }
        final class Held: Sendable {
            let lazy: Lazy<Resolved>
            init(lazy: Lazy<Resolved>) { self.lazy = lazy }
        }
        final class Parent: Sendable {
            let first: Child
            let second: Child
            init(first: Child, second: Child) {
                self.first = first
                self.second = second
            }
        }
        let container = Container()
        container.register(Resolved.self) { _ in Resolved() }
        container.register(Held.self, lifetime: .singleton, initializer: Held.init)
        container.register(Child.self, lifetime: .graph, initializer: Child.init)
        container.register(Parent.self) { r in
            let first = try r.resolve(Child.self)
            _ = try r.resolve(Held.self).lazy.instance
            return Parent(first: first, second: try r.resolve(Child.self))
        }
        _ = try container.resolve(Held.self)
        let parent = try container.resolve(Parent.self)
        #expect(parent.first === parent.second)
        #expect(try parent.first.lazy.instance === parent.second.lazy.instance)
    }
}

import DIContainer
import DIContainerLocking
import Testing

/// A load-aware assembly, as Swinject 2.10.0's `LoadAwareAssembly` fixture.
final class LoadAwareAssembly: Assembly, Sendable {
    private let onLoad: @Sendable (any Resolver) throws -> Void
    private let state = Locked(false)

    init(onLoad: @escaping @Sendable (any Resolver) throws -> Void) {
        self.onLoad = onLoad
    }

    var isLoaded: Bool { state.withLock { $0 } }

    func assemble(into container: Container) {
        container.register((any Animal).self) { _ in Cat(name: "Bojangles") }
    }

    func loaded(resolver: any Resolver) {
        #expect(throws: Never.self) { try onLoad(resolver) }
        state.withLock { $0 = true }
    }
}

struct FoodAssembly: Assembly {
    func assemble(into container: Container) {
        container.register((any Food).self) { _ in Sushi() }
    }
}

struct AnimalAssembly: Assembly {
    func assemble(into container: Container) {
        container.register((any Animal).self) { _ in Cat(name: "Whiskers") }
    }
}

/// `removeAll()`, the container's default lifetime and `Assembly.loaded(resolver:)`: the matching
/// parts of Swinject 2.10.0's `ContainerTests` (removal, default object scope) and
/// `AssemblerTests` (load-aware assemblies), translated, then ours.
@Suite("Housekeeping: removeAll, default lifetime, loaded")
struct HousekeepingTests {
    // MARK: - Swinject: removal

    @Test("removeAll drops every registration")
    func removeAllDropsRegistrations() {
        let container = Container()
        container.register((any Animal).self, name: "RegMimi") { _ in Cat(name: "Mimi") }
        container.register((any Animal).self, name: "RegMew") { _ in Cat(name: "Mew") }
        container.removeAll()
        #expect(throws: ResolutionError.self) { try container.resolve((any Animal).self, name: "RegMimi") }
        #expect(throws: ResolutionError.self) { try container.resolve((any Animal).self, name: "RegMew") }
    }

    // MARK: - Ours: removal

    @Test("removeAll keeps the parent's registrations, drops singletons, forwarded types and hooks")
    func removeAllKeepsParent() throws {
        let parent = Container()
        parent.register((any Animal).self) { _ in Cat(name: "parent") }
        let child = Container(parent: parent)
        let builds = Locked(0)
        child.register((any Animal).self) { _ in Cat(name: "child") }
        child.register(Dog.self, lifetime: .singleton) { _ in
            builds.withLock { $0 += 1 }
            return Dog()
        }
        .implements((any DogProtocol1).self)
        .initCompleted { _, dog in dog.name = "completed" }
        let first = try child.resolve(Dog.self)
        child.removeAll()
        #expect(try child.resolve((any Animal).self).name == "parent")
        #expect(!child.isRegistered(Dog.self))
        #expect(!child.isRegistered((any DogProtocol1).self))
        child.register(Dog.self, lifetime: .singleton) { _ in
            builds.withLock { $0 += 1 }
            return Dog()
        }
        let second = try child.resolve(Dog.self)
        #expect(second !== first)
        #expect(second.name == nil)
        #expect(builds.withLock { $0 } == 2)
    }

    // MARK: - Swinject: default object scope

    @Test("registrations without a lifetime get the container's default")
    func defaultLifetimeApplies() {
        let container = Container(parent: nil, defaultLifetime: .weak)
        let registration = container.register((any Animal).self) { _ in Cat(name: "Siam") }
        #expect(registration.info.lifetime == .weak)
    }

    @Test("assemblies applied to a container use its default lifetime; the default default is transient")
    func assembliesUseDefaultLifetime() {
        let graph = Container(defaultLifetime: .graph)
        graph.apply(AnimalAssembly())
        #expect(graph.registrations.map(\.lifetime) == [.graph])
        let plain = Container()
        plain.apply(AnimalAssembly())
        #expect(plain.registrations.map(\.lifetime) == [.transient])
    }

    // MARK: - Ours: default lifetime

    @Test("an explicit lifetime wins over the default, and override scopes use the target's default")
    func explicitLifetimeWins() throws {
        let container = Container(defaultLifetime: .singleton)
        container.register(Dog.self, lifetime: .transient) { _ in Dog() }
        container.register(Cat.self) { _ in Cat() }
        #expect(try container.resolve(Dog.self) !== container.resolve(Dog.self))
        #expect(try container.resolve(Cat.self) === container.resolve(Cat.self))
        let sameInScope = try container.withOverrides {
            $0.register(Cat.self) { _ in Cat(name: "mock") }
        } operation: {
            try container.resolve(Cat.self) === container.resolve(Cat.self)
        }
        #expect(sameInScope)
    }

    // MARK: - Swinject: load-aware assemblies

    @Test("loaded runs after the assembly registered, with a resolver that sees it")
    func loadAwareSingle() throws {
        let container = Container()
        let assembly = LoadAwareAssembly { (resolver: any Resolver) throws in
            #expect(try resolver.resolve((any Animal).self).name == "Bojangles")
        }
        #expect(!assembly.isLoaded)
        container.apply(assembly)
        #expect(assembly.isLoaded)
        #expect(try container.resolve((any Animal).self).name == "Bojangles")
    }

    @Test("loaded runs after every assembly of the same apply has registered")
    func loadAwareMultiple() throws {
        let container = Container()
        let assembly = LoadAwareAssembly { (resolver: any Resolver) throws in
            #expect(try resolver.resolve((any Animal).self).name == "Bojangles")
            _ = try resolver.resolve((any Food).self)
        }
        container.apply(assembly, FoodAssembly())
        #expect(assembly.isLoaded)
    }

    @Test("assemblies applied one by one, and several at once")
    func oneByOneAndAtOnce() throws {
        let container = Container()
        #expect(throws: ResolutionError.self) { try container.resolve((any Animal).self) }
        container.apply(AnimalAssembly())
        #expect(try container.resolve((any Animal).self).name == "Whiskers")
        #expect(throws: ResolutionError.self) { try container.resolve((any Food).self) }
        container.apply(FoodAssembly())
        _ = try container.resolve((any Food).self)

        let atOnce = Container()
        atOnce.apply([AnimalAssembly(), FoodAssembly()])
        #expect(try atOnce.resolve((any Animal).self).name == "Whiskers")
        _ = try atOnce.resolve((any Food).self)
    }

    // MARK: - Ours: loaded

    @Test("loaded runs once per apply, in the order of the assemblies")
    func loadedOrder() {
        struct Recording: Assembly {
            let label: String
            let log: Locked<[String]>
            func assemble(into container: Container) { log.withLock { $0.append("assemble \(label)") } }
            func loaded(resolver: any Resolver) { log.withLock { $0.append("loaded \(label)") } }
        }
        let log = Locked<[String]>([])
        Container().apply(Recording(label: "a", log: log), FoodAssembly(), Recording(label: "b", log: log))
        #expect(log.withLock { $0 } == ["assemble a", "assemble b", "loaded a", "loaded b"])
    }
}

import DIContainer
import Testing

final class OptionalOwner: Sendable {
    let pet: (any Animal)?
    let food: (any Food)?

    init(pet: (any Animal)?, food: (any Food)?) {
        self.pet = pet
        self.food = food
    }
}

struct Fussy: Sendable {
    init() throws { throw FactoryError() }
}

/// Optional resolve (`resolve(S?.self)`): the optional cases of Swinject 2.10.0's
/// `ContainerTests.TypeForwarding` translated, then ours.
@Suite("Optional resolve")
struct OptionalResolveTests {
    // MARK: - Swinject

    @Test("an optional of a registered type resolves to its instance")
    func registeredWrappedType() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog() }
        #expect(try container.resolve(Dog?.self) != nil)
    }

    @Test("an optional of a type nothing is registered for resolves to nil")
    func unregisteredWrappedType() throws {
        #expect(try Container().resolve(Dog?.self) == nil)
    }

    @Test("an optional resolves by name: the instance under it, nil under another")
    func named() throws {
        let container = Container()
        container.register(Dog.self, name: "Hachi") { _ in Dog() }
        #expect(try container.resolve(Dog?.self, name: "Hachi") != nil)
        #expect(try container.resolve(Dog?.self, name: "Mimi") == nil)
    }

    @Test("an optional resolves with runtime arguments")
    func withArguments() throws {
        let container = Container()
        container.register(Dog.self) { (_, name: String) in Dog(name: name) }
        #expect(try container.resolve(Dog?.self, arguments: "Hachi")?.name == "Hachi")
    }

    // MARK: - Ours

    @Test("every failure but a missing registration still throws: factory error, cycle, argument types")
    func otherFailuresThrow() throws {
        let container = Container()
        container.register(Fussy.self) { _ in try Fussy() }
        container.register(CycleA.self) { r in CycleA(b: try r.resolve(CycleB.self)) }
        container.register(CycleB.self) { r in CycleB(a: try r.resolve(CycleA.self)) }
        container.register(Dog.self) { (_, name: String) in Dog(name: name) }
        let failed = try #require(throws: ResolutionError.self) { try container.resolve(Fussy?.self) }
        guard case .factoryFailed = failed.kind else {
            Issue.record("expected factoryFailed, got \(failed.kind)")
            return
        }
        let cycle = try #require(throws: ResolutionError.self) { try container.resolve(CycleA?.self) }
        guard case .circularDependency = cycle.kind else {
            Issue.record("expected a cycle, got \(cycle.kind)")
            return
        }
        let mismatch = try #require(throws: ResolutionError.self) { try container.resolve(Dog?.self, arguments: 42) }
        #expect(
            mismatch.description == """
                Cannot resolve Dog: it is registered with (String), but was asked with (Int). Path: Dog. \
                Fix: pass arguments of types (String) in that order.
                """)
    }

    @Test("an error below an optional resolve names the wrapped type, never Optional")
    func errorsNameTheWrappedType() throws {
        let container = Container()
        container.register(PetOwner.self) { r in PetOwner(pet: try r.resolve((any Animal).self)) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(PetOwner?.self) }
        #expect(
            error.description == """
                Cannot resolve Animal: nothing is registered for it. Path: PetOwner → Animal. \
                Fix: register it, e.g. container.register(Animal.self) { r in … }.
                """)
    }

    @Test("a factory's optional dependency is nil when unregistered, and validate accepts it")
    func optionalDependencyInFactory() throws {
        let container = Container()
        container.register(PetOwner.self) { r in PetOwner(pet: try r.resolve((any Animal)?.self)) }
        #expect(try container.resolve(PetOwner.self).pet == nil)
        try container.validate()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        #expect(try container.resolve(PetOwner.self).pet?.name == "Mimi")
    }

    @Test("auto-wired optional parameters get nil for unregistered types; validate and the graph agree")
    func autoWiredOptionalParameters() throws {
        let container = Container()
        container.register(OptionalOwner.self, initializer: OptionalOwner.init)
        container.register((any Food).self) { _ in Sushi() }
        let owner = try container.resolve(OptionalOwner.self)
        #expect(owner.pet == nil)
        #expect(owner.food is Sushi)
        try container.validate()
        let mermaid = container.graph(format: .mermaid)
        #expect(mermaid.contains(#"n1["Food<br/>transient"]"#))
        #expect(mermaid.contains(#"n2["OptionalOwner<br/>transient"]"#))
        #expect(mermaid.contains("n2 --> n1"))
        #expect(!mermaid.contains("not registered"), "an optional dependency nothing answers is nil, not missing")
    }

    @Test("an optional resolves through the factory's resolver and asynchronously")
    func resolverAndAsync() async throws {
        let container = Container()
        container.register(Dog.self, lifetime: .singleton) { _ async in Dog(name: "async") }
        #expect(try await container.resolveAsync(Dog?.self)?.name == "async")
        #expect(try await container.resolveAsync(Cat?.self) == nil)
    }

    @Test("a registration of the optional type itself answers first")
    func registeredOptionalWins() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog(name: "wrapped") }
        container.register(Dog?.self) { _ in nil }
        #expect(try container.resolve(Dog?.self) == nil)
    }
}

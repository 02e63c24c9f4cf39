import DIContainer
import DIContainerLocking
import Testing

protocol TokenProvider: AnyObject {}
protocol SessionInvalidator: AnyObject {}
final class SessionDelegate: Sendable {}
/// Its delegate is set by an `initCompleted` hook before the session is handed out (Swinject's
/// property injection), hence the explicit opt-out.
final class UserSession: TokenProvider, SessionInvalidator, @unchecked Sendable {
    var delegate: SessionDelegate?
}

/// Type forwarding (`Registration.implements(_:name:)`): Swinject 2.10.0's
/// `ContainerTests.TypeForwarding` translated (its `container.forward(_:to:)` cases are written
/// with `implements`, our one spelling), then ours.
@Suite("Type forwarding")
struct TypeForwardingTests {
    // MARK: - Swinject: forwarding

    @Test("a forwarded type resolves")
    func resolvesForwardedType() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog() }.implements((any Animal).self)
        #expect(try container.resolve((any Animal).self) is Dog)
    }

    @Test("a forwarded type resolves with the registration's runtime arguments")
    func resolvesForwardedTypeWithArguments() throws {
        let container = Container()
        container.register(Cat.self) { (_, name: String, sleeping: Bool) in Cat(name: name, sleeping: sleeping) }
            .implements((any Animal).self)
        let animal = try container.resolve((any Animal).self, arguments: "Mimi", true) as? Cat
        #expect(animal?.name == "Mimi")
        #expect(animal?.sleeping == true)
    }

    @Test("a forwarded type resolves under its name, and only under it")
    func resolvesForwardedTypeGivenCorrectName() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog() }.implements((any Animal).self, name: "Hachi")
        #expect(try container.resolve((any Animal).self, name: "Hachi") is Dog)
        #expect(throws: ResolutionError.self) { try container.resolve((any Animal).self, name: "Mimi") }
    }

    @Test("forwarding to a type the instance is not fails with forwardingMismatch, with and without arguments")
    func incompatibleForwarding() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog() }.implements(Cat.self)
        container.register(Dog.self, name: "argument") { (_, _: String) in Dog() }.implements(Cat.self, name: "argument")
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Cat.self) }
        guard case .forwardingMismatch = error.kind else {
            Issue.record("expected forwardingMismatch, got \(error.kind)")
            return
        }
        #expect(throws: ResolutionError.self) { try container.resolve(Cat.self, name: "argument", arguments: "") }
    }

    @Test("a type the registered type does not conform to resolves when the instance does")
    func forwardedTypeOnlyTheImplementationConformsTo() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Dog() }.implements(Dog.self)
        _ = try container.resolve(Dog.self)
    }

    @Test("several forwarding definitions, unnamed and named")
    func multipleForwardingDefinitions() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog() }
            .implements((any DogProtocol1).self)
            .implements((any DogProtocol2).self)
            .implements((any DogProtocol3).self)
            .implements((any DogProtocol1).self, name: "1")
            .implements((any DogProtocol2).self, name: "2")
        #expect(try container.resolve((any DogProtocol1).self) is Dog)
        #expect(try container.resolve((any DogProtocol2).self) is Dog)
        #expect(try container.resolve((any DogProtocol3).self) is Dog)
        #expect(try container.resolve((any DogProtocol1).self, name: "1") is Dog)
        #expect(throws: ResolutionError.self) { try container.resolve((any DogProtocol3).self, name: "2") }
    }

    @Test("an optional of a forwarded type resolves")
    func optionalOfForwardedType() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog() }.implements((any Animal).self)
        #expect(try container.resolve((any Animal)?.self) is Dog)
    }

    // MARK: - Ours

    @Test("one singleton behind several protocols", arguments: [Lifetime.singleton, .weak])
    func oneSharedInstance(lifetime: Lifetime) throws {
        let container = Container()
        container.register(Dog.self, lifetime: lifetime) { _ in Dog() }
            .implements((any DogProtocol1).self)
            .implements((any DogProtocol2).self, name: "auth")
        let dog = try container.resolve(Dog.self)
        #expect(try container.resolve((any DogProtocol1).self) as? Dog === dog)
        #expect(try container.resolve((any DogProtocol2).self, name: "auth") as? Dog === dog)
    }

    @Test("one graph instance per resolution behind every forwarded type, a new one in the next")
    func graphInstancePerResolution() throws {
        let container = Container()
        container.register(Dog.self, lifetime: .graph) { _ in Dog() }.implements((any DogProtocol1).self)
        container.register(PetOwner.self) { r in
            let owner = PetOwner(pet: try r.resolve(Dog.self))
            // The same resolution: the forwarded type gives the graph's instance.
            #expect(try r.resolve((any DogProtocol1).self) as? Dog === owner.pet as? Dog)
            return owner
        }
        let first = try container.resolve(PetOwner.self)
        let second = try container.resolve(PetOwner.self)
        #expect(first.pet as? Dog !== second.pet as? Dog)
        #expect(try container.resolve((any DogProtocol1).self) as? Dog !== first.pet as? Dog)
    }

    @Test("a transient registration gives a new instance through each forwarded type")
    func transientForwarding() throws {
        let container = Container()
        container.register(Dog.self) { _ in Dog() }.implements((any DogProtocol1).self)
        #expect(try container.resolve((any DogProtocol1).self) as? Dog !== container.resolve((any DogProtocol1).self) as? Dog)
    }

    @Test("a test override of the forwarded type wins over the forwarding")
    func overrideOfForwardedTypeWins() throws {
        let container = Container()
        container.register(Dog.self, lifetime: .singleton) { _ in Dog(name: "real") }.implements((any Animal).self)
        let name = try container.withOverrides {
            $0.register((any Animal).self) { _ in Cat(name: "mock") }
        } operation: {
            try container.resolve((any Animal).self).name
        }
        #expect(name == "mock")
        #expect(try container.resolve((any Animal).self).name == "real")
    }

    @Test("a forwarding declared inside an override scope forwards to the override")
    func forwardingInsideOverrides() throws {
        let container = Container()
        container.register(Dog.self, lifetime: .singleton) { _ in Dog(name: "real") }.implements((any Animal).self)
        let (dog, animal) = try container.withOverrides {
            $0.register(Dog.self, lifetime: .singleton) { _ in Dog(name: "mock") }.implements((any Animal).self)
        } operation: {
            (try container.resolve(Dog.self), try container.resolve((any Animal).self))
        }
        #expect(dog.name == "mock")
        #expect(animal as? Dog === dog)
    }

    @Test("an async registration is forwarded as async")
    func asyncForwarding() async throws {
        let container = Container()
        container.register(Dog.self, lifetime: .singleton) { _ async in Dog() }.implements((any DogProtocol1).self)
        let dog = try await container.resolveAsync(Dog.self)
        #expect(try await container.resolveAsync((any DogProtocol1).self) as? Dog === dog)
        #expect(throws: ResolutionError.self) { try container.resolve((any DogProtocol1).self) }
    }

    @Test("registrations list a forwarded type as an alias of its registration, with its lifetime")
    func registrationsShowAliases() throws {
        let container = Container()
        container.register(Dog.self, lifetime: .singleton, file: "App/Pets.swift", line: 3) { _ in Dog() }
            .implements((any DogProtocol1).self, file: "App/Pets.swift", line: 4)
        let alias = try #require(container.registrations.first { $0.service.typeName == "DogProtocol1" })
        #expect(alias.aliasOf == ServiceKey(typeName: "Dog"))
        #expect(alias.lifetime == .singleton)
        #expect(alias.description == "DogProtocol1 · alias of Dog · singleton · registered at App/Pets.swift:4")
    }

    @Test("the graph shows a forwarded type as an alias node with an edge to its registration")
    func graphShowsAliases() {
        let container = Container()
        container.register(Dog.self, lifetime: .singleton) { _ in Dog() }.implements((any DogProtocol1).self)
        let mermaid = container.graph(format: .mermaid)
        #expect(mermaid.contains(#"n1["Dog<br/>singleton"]"#))
        #expect(mermaid.contains(#"n2["DogProtocol1<br/>alias of Dog<br/>singleton"]"#))
        #expect(mermaid.contains("n2 --> n1"))
    }

    @Test("validate reports a forwarded type the instance does not conform to")
    func validateReportsMismatch() throws {
        let container = Container()
        container.register(Dog.self, file: "App/Pets.swift", line: 7) { _ in Dog() }.implements(Cat.self)
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.problems.count == 1)
        #expect(
            error.problems.first?.description == """
                Cannot resolve Cat: it is forwarded to Dog, whose instance of type Dog is not a Cat. Path: Cat. \
                Fix: make Dog conform to Cat, or remove .implements(Cat.self) from the registration of Dog at App/Pets.swift:7.
                """)
    }

    @Test("a cycle through a forwarded type is reported on the registration")
    func cycleThroughAlias() throws {
        let container = Container()
        container.register(Parent.self) { r in Parent(child: try r.resolve((any ChildProtocol).self)) }
            .implements((any ParentProtocol).self)
        container.register((any ChildProtocol).self) { r in
            _ = try r.resolve((any ParentProtocol).self)
            return Child()
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Parent.self) }
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("expected a cycle, got \(error.kind)")
            return
        }
        #expect(cycle.map(\.typeName) == ["Parent", "ChildProtocol", "ParentProtocol", "Parent"])
    }

    @Test("tracing reports a forwarded type's step with its registration's lifetime, never as a new instance")
    func tracingAliases() throws {
        let container = Container()
        container.register(Dog.self, lifetime: .singleton) { _ in Dog() }.implements((any DogProtocol1).self)
        let log = AdvancedLog<ResolutionEvent>()
        container.startTracing { log.append($0) }
        defer { container.stopTracing() }
        _ = try container.resolve((any DogProtocol1).self)
        _ = try container.resolve((any DogProtocol1).self)
        #expect(
            log.values.map { "\($0.service) \($0.lifetime) \($0.isNewInstance ? "new" : "reused") \($0.depth)" } == [
                "Dog singleton new 2", "DogProtocol1 singleton reused 1", "Dog singleton reused 2", "DogProtocol1 singleton reused 1",
            ])
    }

    @Test("the design's example: one singleton session behind two protocols, completed by a hook")
    func designExample() throws {
        let container = Container()
        container.register(SessionDelegate.self) { _ in SessionDelegate() }
        container.register(UserSession.self, lifetime: .singleton) { _ in UserSession() }
            .implements(TokenProvider.self)
            .implements(SessionInvalidator.self, name: "auth")
            .initCompleted { r, session in session.delegate = try r.resolve(SessionDelegate.self) }
        let session = try container.resolve(UserSession.self)
        #expect(session.delegate != nil)
        #expect(try container.resolve(TokenProvider.self) === session)
        #expect(try container.resolve(SessionInvalidator.self, name: "auth") === session)
        #expect(
            container.registrations.map(\.description).map { $0.components(separatedBy: " · registered")[0] } == [
                "SessionDelegate · transient",
                "UserSession · singleton · 1 initCompleted hook",
                "TokenProvider · alias of UserSession · singleton",
                "SessionInvalidator (name: auth) · alias of UserSession · singleton",
            ])
    }

    // MARK: - Dip: an instance resolved by a forwarded type is reused by its hooks

    /// Dip's `testThatItReusesInstanceResolvedByTypeForwarding`: a resolve that starts at the
    /// forwarded type, whose registration's hook resolves that forwarded type again, gets the same
    /// instance, not a circular-dependency error.
    @Test(
        "a hook resolving the forwarded type its resolve started at gets the same instance", arguments: [Lifetime.graph, .singleton, .weak])
    func hookReusesInstanceResolvedByForwardedType(lifetime: Lifetime) throws {
        let container = Container()
        let seen = Locked<[ObjectIdentifier]>([])
        container.register(UserSession.self, lifetime: lifetime) { _ in UserSession() }
            .implements(TokenProvider.self)
            .initCompleted { r, session in
                let provider = try r.resolve(TokenProvider.self)
                seen.withLock { $0.append(ObjectIdentifier(provider)) }
                #expect(provider === session)
            }
        let provider = try container.resolve(TokenProvider.self)
        #expect(seen.withLock { $0 } == [ObjectIdentifier(provider)])
    }
}

import DIContainer
import DIContainerLocking
import Testing

/// Post-build hooks (`Registration.initCompleted(_:)`): the `initCompleted` parts of Swinject
/// 2.10.0's `ContainerTests` and its `ContainerTests.Circularity`, translated, then ours.
@Suite("initCompleted hooks")
struct InitCompletedTests {
    // MARK: - Swinject: init completed events and injection in hooks

    @Test("the hook runs when a new instance is created")
    func hookRunsOnNewInstance() throws {
        let container = Container()
        let raised = Locked(false)
        container.register((any Animal).self) { _ in Cat() }
            .initCompleted { _, _ in raised.withLock { $0 = true } }
        _ = try container.resolve((any Animal).self)
        #expect(raised.withLock { $0 })
    }

    @Test("every hook runs, in the order they were added")
    func everyHookRunsInOrder() throws {
        let container = Container()
        let order = Locked<[Int]>([])
        container.register((any Animal).self) { _ in Cat() }
            .initCompleted { _, _ in order.withLock { $0.append(1) } }
            .initCompleted { _, _ in order.withLock { $0.append(2) } }
            .initCompleted { _, _ in order.withLock { $0.append(3) } }
            .initCompleted { _, _ in order.withLock { $0.append(4) } }
        _ = try container.resolve((any Animal).self)
        #expect(order.withLock { $0 } == [1, 2, 3, 4])
    }

    @Test("property and method injection in a hook")
    func injectionInHook() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register((any Person).self) { _ in PetOwner() }
            .initCompleted { r, person in (person as? PetOwner)?.pet = try r.resolve((any Animal).self) }
        container.register(PetOwner.self) { _ in PetOwner() }
            .initCompleted { r, owner in owner.injectAnimal(try r.resolve((any Animal).self)) }
        #expect((try container.resolve((any Person).self) as? PetOwner)?.pet != nil)
        #expect(try container.resolve(PetOwner.self).pet != nil)
    }

    // MARK: - Swinject: circularity

    @Test("two objects, both sides set in hooks", arguments: [Lifetime.graph, .singleton])
    func twoObjectsOnProperties(lifetime: Lifetime) throws {
        let container = Container()
        container.register((any ParentProtocol).self, lifetime: lifetime) { _ in Parent() }
            .initCompleted { r, parent in (parent as? Parent)?.child = try r.resolve((any ChildProtocol).self) }
        container.register((any ChildProtocol).self, lifetime: lifetime) { _ in Child() }
            .initCompleted { r, child in (child as? Child)?.parent = try r.resolve((any ParentProtocol).self) }
        let parent = try #require(try container.resolve((any ParentProtocol).self) as? Parent)
        let child = try #require(parent.child as? Child)
        #expect(child.parent === parent)
    }

    @Test("two objects, one side in the initializer, the other in a hook", arguments: [Lifetime.graph, .singleton])
    func twoObjectsOnInitializerAndProperty(lifetime: Lifetime) throws {
        let container = Container()
        container.register((any ParentProtocol).self, lifetime: lifetime) { r in
            Parent(child: try r.resolve((any ChildProtocol).self))
        }
        container.register((any ChildProtocol).self, lifetime: lifetime) { _ in Child() }
            .initCompleted { r, child in (child as? Child)?.parent = try r.resolve((any ParentProtocol).self) }
        let parent = try #require(try container.resolve((any ParentProtocol).self) as? Parent)
        let child = try #require(parent.child as? Child)
        #expect(child.parent === parent)
    }

    @Test("four objects, every edge set in hooks", arguments: [Lifetime.graph, .singleton])
    func fourObjectsOnProperties(lifetime: Lifetime) throws {
        let container = Container()
        container.register((any A).self, lifetime: lifetime) { _ in ADependingOnB() }
            .initCompleted { r, a in (a as? ADependingOnB)?.b = try r.resolve((any B).self) }
        container.register((any B).self, lifetime: lifetime) { _ in BDependingOnC() }
            .initCompleted { r, b in (b as? BDependingOnC)?.c = try r.resolve((any C).self) }
        container.register((any C).self, lifetime: lifetime) { _ in CDependingOnAD() }
            .initCompleted { r, c in
                (c as? CDependingOnAD)?.a = try r.resolve((any A).self)
                (c as? CDependingOnAD)?.d = try r.resolve((any D).self)
            }
        container.register((any D).self, lifetime: lifetime) { _ in DDependingOnBC() }
            .initCompleted { r, d in
                (d as? DDependingOnBC)?.b = try r.resolve((any B).self)
                (d as? DDependingOnBC)?.c = try r.resolve((any C).self)
            }
        try expectFourObjectCycle(container)
    }

    @Test("four objects, initializers one way and hooks back", arguments: [Lifetime.graph, .singleton])
    func fourObjectsOnInitializersAndProperties(lifetime: Lifetime) throws {
        let container = Container()
        container.register((any A).self, lifetime: lifetime) { r in ADependingOnB(b: try r.resolve((any B).self)) }
        container.register((any B).self, lifetime: lifetime) { r in BDependingOnC(c: try r.resolve((any C).self)) }
        container.register((any C).self, lifetime: lifetime) { r in CDependingOnAD(d: try r.resolve((any D).self)) }
            .initCompleted { r, c in (c as? CDependingOnAD)?.a = try r.resolve((any A).self) }
        container.register((any D).self, lifetime: lifetime) { _ in DDependingOnBC() }
            .initCompleted { r, d in
                (d as? DDependingOnBC)?.b = try r.resolve((any B).self)
                (d as? DDependingOnBC)?.c = try r.resolve((any C).self)
            }
        try expectFourObjectCycle(container)
    }

    private func expectFourObjectCycle(_ container: Container) throws {
        let a = try #require(try container.resolve((any A).self) as? ADependingOnB)
        let b = try #require(a.b as? BDependingOnC)
        let c = try #require(b.c as? CDependingOnAD)
        let d = try #require(c.d as? DDependingOnBC)
        #expect(c.a === a)
        #expect(d.b === b)
        #expect(d.c === c)
    }

    @Test("a weak graph root is not released while the hooks of its graph resolve it back")
    func weakRootStaysDuringResolution() throws {
        let container = Container()
        container.register((any B).self, lifetime: .weak) { r in BDependingOnC(c: try r.resolve((any C).self)) }
        container.register((any C).self) { _ in CDependingOnWeakB() }
            .initCompleted { r, c in (c as? CDependingOnWeakB)?.b = try r.resolve((any B).self) }
        let b = try #require(try container.resolve((any B).self) as? BDependingOnC)
        let c = try #require(b.c as? CDependingOnWeakB)
        #expect(c.b === b)
    }

    @Test("a weak root's own hook sees it alive")
    func weakRootOwnHook() throws {
        let container = Container()
        container.register((any B).self, lifetime: .weak) { _ in BDependingOnC() }
            .initCompleted { r, b in (b as? BDependingOnC)?.c = try r.resolve((any C).self) }
        container.register((any C).self, lifetime: .graph) { _ in CDependingOnWeakB() }
            .initCompleted { r, c in (c as? CDependingOnWeakB)?.b = try r.resolve((any B).self) }
        let b = try #require(try container.resolve((any B).self) as? BDependingOnC)
        let c = try #require(b.c as? CDependingOnWeakB)
        #expect(c.b === b)
    }

    // MARK: - Ours

    @Test(
        "hooks run once per new instance, never for a reused one",
        arguments: [
            (Lifetime.transient, 4), (.graph, 2), (.singleton, 1), (.weak, 1),
        ])
    func oncePerNewInstance(lifetime: Lifetime, expected: Int) throws {
        let container = Container()
        let runs = Locked(0)
        container.register(Dog.self, lifetime: lifetime) { _ in Dog() }
            .initCompleted { _, _ in runs.withLock { $0 += 1 } }
        container.register(PetOwner.self) { r in
            _ = try r.resolve(Dog.self)
            return PetOwner(pet: try r.resolve(Dog.self))
        }
        let kept = (try container.resolve(PetOwner.self), try container.resolve(PetOwner.self))
        #expect(runs.withLock { $0 } == expected)
        withExtendedLifetime(kept) {}
    }

    @Test("a factory gets the instance before its hooks ran; resolve returns it completed")
    func hooksRunBeforeResolveReturns() throws {
        let container = Container()
        container.register((any ChildProtocol).self, lifetime: .graph) { _ in Child() }
            .initCompleted { r, child in (child as? Child)?.parent = try r.resolve((any ParentProtocol).self) }
        container.register((any ParentProtocol).self, lifetime: .graph) { r in
            let child = try r.resolve((any ChildProtocol).self)
            #expect((child as? Child)?.parent == nil)
            return Parent(child: child)
        }
        let parent = try #require(try container.resolve((any ParentProtocol).self) as? Parent)
        #expect((parent.child as? Child)?.parent === parent)
    }

    @Test("a transient instance resolving itself from its own hook is a cycle")
    func transientSelfReference() throws {
        let container = Container()
        container.register(PetOwner.self) { _ in PetOwner() }
            .initCompleted { r, _ in _ = try r.resolve(PetOwner.self) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(PetOwner.self) }
        #expect(
            error.description.hasPrefix(
                "Cannot resolve PetOwner: circular dependency PetOwner → PetOwner. Path: PetOwner → PetOwner."))
    }

    @Test("a failing hook: golden text, and the singleton is built again on the next resolve")
    func failingHook() throws {
        let container = Container()
        let builds = Locked(0)
        let fail = Locked(true)
        container.register(Dog.self, lifetime: .singleton, file: "App/Pets.swift", line: 9) { _ in
            builds.withLock { $0 += 1 }
            return Dog()
        }
        .initCompleted { _, _ in
            if fail.withLock({ $0 }) { throw FactoryError() }
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Dog.self) }
        #expect(
            error.description == """
                Cannot resolve Dog: its initCompleted hook threw the disk is full. Path: Dog. \
                Fix: make the hook succeed; the service was registered at App/Pets.swift:9.
                """)
        guard case .initCompletedFailed = error.kind else {
            Issue.record("expected initCompletedFailed, got \(error.kind)")
            return
        }
        fail.withLock { $0 = false }
        let dog = try container.resolve(Dog.self)
        #expect(try container.resolve(Dog.self) === dog)
        #expect(builds.withLock { $0 } == 2)
    }

    @Test("a missing dependency of a hook names the path through the hooked service")
    func missingInHook() throws {
        let container = Container()
        container.register(PetOwner.self) { _ in PetOwner() }
            .initCompleted { r, owner in owner.pet = try r.resolve((any Animal).self) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(PetOwner.self) }
        #expect(error.path.map(\.typeName) == ["PetOwner", "Animal"])
    }

    @Test("validate accepts a cycle closed only through hooks, and reports what a hook misses")
    func validateUnderstandsHooks() throws {
        let container = Container()
        container.register((any ParentProtocol).self, lifetime: .singleton) { r in
            Parent(child: try r.resolve((any ChildProtocol).self))
        }
        container.register((any ChildProtocol).self, lifetime: .singleton) { _ in Child() }
            .initCompleted { r, child in (child as? Child)?.parent = try r.resolve((any ParentProtocol).self) }
        try container.validate()

        container.register(PetOwner.self) { _ in PetOwner() }
            .initCompleted { r, owner in owner.pet = try r.resolve((any Animal).self) }
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.problems.map { $0.path.map(\.typeName) } == [["PetOwner", "Animal"]])
    }

    @Test("registrations and the graph say a registration has hooks")
    func introspectionShowsHooks() throws {
        let container = Container()
        container.register(Dog.self, lifetime: .singleton, file: "App/Pets.swift", line: 2) { _ in Dog() }
            .initCompleted { _, _ in }
            .initCompleted { _, _ in }
        let info = try #require(container.registrations.first)
        #expect(info.initCompletedHooks == 2)
        #expect(info.description == "Dog · singleton · 2 initCompleted hooks · registered at App/Pets.swift:2")
        #expect(container.graph(format: .mermaid).contains(#"n1["Dog<br/>singleton · initCompleted"]"#))
    }

    @Test("the graph draws what hooks ask for as dashed edges, in both formats")
    func graphShowsHookEdges() {
        let container = Container()
        container.register((any ParentProtocol).self, lifetime: .graph) { r in
            Parent(child: try r.resolve((any ChildProtocol).self))
        }
        container.register((any ChildProtocol).self, lifetime: .graph) { _ in Child() }
            .initCompleted { r, child in (child as? Child)?.parent = try r.resolve((any ParentProtocol).self) }
        let mermaid = container.graph(format: .mermaid)
        #expect(mermaid.contains(#"n1["ChildProtocol<br/>graph · initCompleted"]"#))
        #expect(mermaid.contains("n1 -.-> n2"))
        #expect(mermaid.contains("n2 --> n1"))
        #expect(container.graph(format: .dot).contains(##"n1 -> n2 [color="#1f77b4", style=dashed];"##))
    }

    @Test("validate checks what a hook asked for on an earlier run without running it again")
    func validateChecksKnownHookDependencies() throws {
        let container = Container()
        let runs = Locked(0)
        container.register(PetOwner.self) { _ in PetOwner() }
            .initCompleted { r, owner in
                runs.withLock { $0 += 1 }
                owner.pet = try r.resolve((any Animal).self)
            }
        _ = try container.withOverrides(strict: false) {
            $0.register((any Animal).self) { _ in Cat() }
        } operation: {
            try container.resolve(PetOwner.self)
        }
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(
            error.problems.map(\.description) == [
                """
                Cannot resolve Animal: nothing is registered for it. Path: PetOwner → Animal. \
                Fix: register it, e.g. container.register(Animal.self) { r in … }.
                """
            ])
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("hooks run for instances of async factories (hooks themselves are synchronous)")
    func asyncFactoryHooks() async throws {
        let container = Container()
        let runs = Locked(0)
        container.register(PetOwner.self, lifetime: .singleton) { _ async in PetOwner() }
            .initCompleted { r, owner in
                runs.withLock { $0 += 1 }
                owner.pet = try r.resolve((any Animal).self)
            }
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        let owner = try await container.resolveAsync(PetOwner.self)
        #expect(owner.pet?.name == "Mimi")
        #expect(try await container.resolveAsync(PetOwner.self) === owner)
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("a singleton cycle is completed once when 100 tasks race for it")
    func hooksUnderContention() async throws {
        let container = Container()
        let builds = Locked(0)
        let hooks = Locked(0)
        container.register((any ParentProtocol).self, lifetime: .singleton) { r in
            builds.withLock { $0 += 1 }
            return Parent(child: try r.resolve((any ChildProtocol).self))
        }
        container.register((any ChildProtocol).self, lifetime: .singleton) { _ in Child() }
            .initCompleted { r, child in
                hooks.withLock { $0 += 1 }
                (child as? Child)?.parent = try r.resolve((any ParentProtocol).self)
            }
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(try container.resolve((any ParentProtocol).self)) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        let parent = try #require(try container.resolve((any ParentProtocol).self) as? Parent)
        #expect(identities == [ObjectIdentifier(parent)])
        #expect(builds.withLock { $0 } == 1)
        #expect(hooks.withLock { $0 } == 1)
        #expect((parent.child as? Child)?.parent === parent)
    }

    @Test("hooks of an override registration run inside the override scope only")
    func hooksInOverrides() throws {
        let container = Container()
        container.register(PetOwner.self, lifetime: .singleton) { _ in PetOwner() }
        container.register((any Animal).self) { _ in Cat(name: "real") }
        let name = try container.withOverrides {
            $0.register(PetOwner.self, lifetime: .singleton) { _ in PetOwner() }
                .initCompleted { r, owner in owner.pet = try r.resolve((any Animal).self) }
        } operation: {
            try container.resolve(PetOwner.self).pet?.name
        }
        #expect(name == "real")
        #expect(try container.resolve(PetOwner.self).pet == nil)
    }
}

import DIContainer
import Testing

@Suite("Registration and resolution")
struct CoreRegistrationTests {
    @Test("a factory builds the service from its dependencies")
    func factoryResolvesDependencies() throws {
        let container = Container()
        container.register(Dependency.self) { _ in DependencyImpl() }
        container.register(Service.self) { r in ServiceImpl(dependency: try r.resolve(Dependency.self)) }

        let service = try container.resolve(Service.self)
        #expect(service is ServiceImpl)
    }

    @Test("registration order never matters: factories are lazy")
    func registrationOrderDoesNotMatter() throws {
        let container = Container()
        let built = Counter()
        container.register(Service.self) { r in
            built.increment()
            return ServiceImpl(dependency: try r.resolve(Dependency.self))
        }
        #expect(built.value == 0)
        container.register(Dependency.self) { _ in DependencyImpl() }
        _ = try container.resolve(Service.self)
        #expect(built.value == 1)
    }

    @Test("named and unnamed registrations of one type are distinct")
    func namedAndUnnamedAreDistinct() throws {
        let container = Container()
        container.register(ValueService.self) { _ in ValueService(count: 1) }
        container.register(ValueService.self, name: .local) { _ in ValueService(count: 2) }
        container.register(ValueService.self, name: .background) { _ in ValueService(count: 3) }

        #expect(try container.resolve(ValueService.self).count == 1)
        #expect(try container.resolve(ValueService.self, name: .local).count == 2)
        #expect(try container.resolve(ValueService.self, name: "background").count == 3)
        #expect(container.isRegistered(ValueService.self, name: .local))
        #expect(!container.isRegistered(ValueService.self, name: "other"))
        #expect(!container.isRegistered(Service.self))
    }

    @Test("registering the same key again replaces the earlier registration and its singleton")
    func reRegistrationReplaces() throws {
        let container = Container()
        container.register(ValueService.self, lifetime: .singleton) { _ in ValueService(count: 1) }
        #expect(try container.resolve(ValueService.self).count == 1)
        container.register(ValueService.self, lifetime: .singleton) { _ in ValueService(count: 2) }
        #expect(try container.resolve(ValueService.self).count == 2)
        #expect(container.registrations.count == 1)
    }

    @Test("many registrations: each key found again, a replacement keeps its place in registration order")
    func manyRegistrationsAndReplacements() throws {
        let container = Container()
        let names = (0..<1_000).map { Name("service-\($0)") }
        for (index, name) in names.enumerated() {
            container.register(ValueService.self, name: name) { _ in ValueService(count: index) }
        }
        for index in stride(from: 0, to: names.count, by: 7) {
            container.register(ValueService.self, name: names[index]) { _ in ValueService(count: -index) }
        }

        #expect(container.registrations.map(\.service.name) == names)
        for (index, name) in names.enumerated() {
            let expected = index % 7 == 0 ? -index : index
            #expect(try container.resolve(ValueService.self, name: name).count == expected)
        }
    }

    @Test("a ready-made instance is returned as is; value types are copied")
    func instanceRegistration() throws {
        let container = Container()
        let dependency = DependencyImpl()
        container.register(DependencyImpl.self, instance: dependency)
        container.register(ValueService.self, instance: ValueService(count: 7))

        #expect(try container.resolve(DependencyImpl.self) === dependency)
        var copy = try container.resolve(ValueService.self)
        copy.count = 99
        #expect(try container.resolve(ValueService.self).count == 7)
    }

    @Test("initializer auto-wiring resolves every parameter by type")
    func autoWiring() throws {
        let container = Container()
        container.register(Dependency.self) { _ in DependencyImpl() }
        container.register(Service.self, initializer: ServiceImpl.init(dependency:))
        container.register(CacheStore.self, lifetime: .singleton, initializer: MemoryCache.init)

        #expect(try container.resolve(Service.self) is ServiceImpl)
        #expect(try container.resolve(CacheStore.self) is MemoryCache)
    }

    @Test("runtime arguments of several arities; argument types are part of the key")
    func runtimeArguments() throws {
        let container = Container()
        container.register(String.self) { (_: any Resolver, id: Int) in "one \(id)" }
        container.register(String.self) { (_: any Resolver, id: Int, title: String) in "two \(id) \(title)" }
        container.register(String.self) { (_: any Resolver, a: Int, b: Int, c: Bool) in "three \(a + b) \(c)" }
        container.register(String.self) { (_: any Resolver, title: String) in "other \(title)" }

        #expect(try container.resolve(String.self, arguments: 1) == "one 1")
        #expect(try container.resolve(String.self, arguments: 2, "x") == "two 2 x")
        #expect(try container.resolve(String.self, arguments: 1, 2, true) == "three 3 true")
        #expect(try container.resolve(String.self, arguments: "y") == "other y")
    }

    @Test("a runtime argument plus auto-wired dependencies")
    func argumentAndInitializer() throws {
        struct Detail: Sendable {
            let id: Int
            let dependency: any Dependency
        }
        let container = Container()
        container.register(Dependency.self) { _ in DependencyImpl() }
        container.register(Detail.self, argument: Int.self, initializer: Detail.init(id:dependency:))

        #expect(try container.resolve(Detail.self, arguments: 42).id == 42)
    }

    @Test("assemblies apply in any order")
    func assembliesInAnyOrder() throws {
        struct Infrastructure: Assembly {
            func assemble(into container: Container) {
                container.register(Dependency.self) { _ in DependencyImpl() }
            }
        }
        struct Services: Assembly {
            func assemble(into container: Container) {
                container.register(Service.self) { r in ServiceImpl(dependency: try r.resolve(Dependency.self)) }
            }
        }
        for assemblies in [[Infrastructure(), Services()] as [any Assembly], [Services(), Infrastructure()]] {
            let container = Container()
            container.apply(assemblies)
            #expect(try container.resolve(Service.self) is ServiceImpl)
            try container.validate()
        }
    }

    @Test("a child sees its parent's registrations; the parent never sees the child's")
    func parentAndChild() throws {
        let parent = Container()
        parent.register(ValueService.self) { _ in ValueService(count: 1) }
        let child = Container(parent: parent)
        child.register(Dependency.self) { _ in DependencyImpl() }
        child.register(ValueService.self, name: .local) { _ in ValueService(count: 2) }

        #expect(try child.resolve(ValueService.self).count == 1)
        #expect(try child.resolve(ValueService.self, name: .local).count == 2)
        #expect(child.isRegistered(ValueService.self))
        #expect(!parent.isRegistered(Dependency.self))
        #expect(throws: ResolutionError.self) { try parent.resolve(Dependency.self) }

        // A child may replace a parent's registration for itself only.
        child.register(ValueService.self) { _ in ValueService(count: 3) }
        #expect(try child.resolve(ValueService.self).count == 3)
        #expect(try parent.resolve(ValueService.self).count == 1)
    }

    @Test("a parent's singleton is shared with its children")
    func parentSingletonShared() throws {
        let parent = Container()
        parent.register(DependencyImpl.self, lifetime: .singleton) { _ in DependencyImpl() }
        let first = Container(parent: parent)
        let second = Container(parent: parent)
        #expect(try first.resolve(DependencyImpl.self) === second.resolve(DependencyImpl.self))
        #expect(try first.resolve(DependencyImpl.self) === parent.resolve(DependencyImpl.self))
    }

    @Test("Container.shared is one process-wide instance")
    func sharedIsUnique() {
        #expect(Container.shared === Container.shared)
    }

    @Test("a 1,000-deep chain resolves")
    func deepChainResolves() async throws {
        let container = Container()
        container.registerChain(length: 1_000)
        let length = await onThread(stackSize: 64 << 20) { try? container.resolve(Chain.self, name: "0").length }
        #expect(length == 1_000)
    }
}

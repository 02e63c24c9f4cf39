import DIContainer
import Testing

/// Swinject 2.10.0's ContainerTests.CustomScope, translated. Swinject's custom scopes take a
/// storage factory (tests inject a `FakeStorage` and read it); ours are names whose storage the
/// container owns, so the tests observe storage through what resolves return.
@Suite("Custom scopes (Swinject's ContainerTests.CustomScope)")
struct CustomScopeTests {
    private final class Foo: Sendable {}
    private final class Bar: Sendable {}

    let container = Container()

    // MARK: Resolving from a custom scope

    @Test("each service of a scope keeps an instance of its own")
    func storagePerService() throws {
        container.register(Foo.self, lifetime: .scoped(.session)) { _ in Foo() }
        container.register(Bar.self, lifetime: .scoped(.session)) { _ in Bar() }
        let foo = try container.resolve(Foo.self)
        let bar = try container.resolve(Bar.self)
        #expect(try container.resolve(Foo.self) === foo)
        #expect(try container.resolve(Bar.self) === bar)
    }

    @Test("the instance is stored during resolution and returned while stored")
    func storesDuringResolution() throws {
        let calls = Counter()
        container.register(Foo.self, lifetime: .scoped(.session)) { _ in
            calls.increment()
            return Foo()
        }
        let foo = try container.resolve(Foo.self)
        #expect(try container.resolve(Foo.self) === foo)
        #expect(calls.value == 1)
    }

    // MARK: Resetting a scope

    @Test("reset removes the instances of the scope's services")
    func resetRemovesInstances() throws {
        container.register(Foo.self, lifetime: .scoped(.session)) { _ in Foo() }
        let foo = try container.resolve(Foo.self)
        container.reset(.scoped(.session))
        #expect(try container.resolve(Foo.self) !== foo)
    }

    @Test("reset does not remove the instances of other scopes")
    func resetKeepsOtherScopes() throws {
        container.register(Foo.self, lifetime: .scoped(.session)) { _ in Foo() }
        let foo = try container.resolve(Foo.self)
        container.reset(.scoped(.checkout))
        #expect(try container.resolve(Foo.self) === foo)
    }

    @Test("a child's reset removes the instance of a service registered in its parent")
    func resetFromChild() throws {
        container.register(Foo.self, lifetime: .scoped(.session)) { _ in Foo() }
        let child = Container(parent: container)
        let foo = try container.resolve(Foo.self)
        child.reset(.scoped(.session))
        #expect(try container.resolve(Foo.self) !== foo)
    }

    // MARK: Resetting a scope for one service type

    @Test("reset of one type removes its instance")
    func resetOfType() throws {
        container.register(Foo.self, lifetime: .singleton) { _ in Foo() }
        let foo = try container.resolve(Foo.self)
        container.reset(.singleton, of: Foo.self)
        #expect(try container.resolve(Foo.self) !== foo)
    }

    @Test("reset of one type in another lifetime keeps its instance")
    func resetOfTypeInOtherLifetime() throws {
        container.register(Foo.self, name: "singleton", lifetime: .singleton) { _ in Foo() }
        container.register(Foo.self, name: "graph", lifetime: .graph) { _ in Foo() }
        let foo = try container.resolve(Foo.self, name: "singleton")
        _ = try container.resolve(Foo.self, name: "graph")
        container.reset(.graph, of: Foo.self)
        #expect(try container.resolve(Foo.self, name: "singleton") === foo)
    }

    @Test("reset of one type keeps the instances of other types")
    func resetOfTypeKeepsOtherTypes() throws {
        container.register(Foo.self, lifetime: .singleton) { _ in Foo() }
        container.register(Bar.self, lifetime: .singleton) { _ in Bar() }
        let foo = try container.resolve(Foo.self)
        let bar = try container.resolve(Bar.self)
        container.reset(.singleton, of: Foo.self)
        #expect(try container.resolve(Foo.self) !== foo)
        #expect(try container.resolve(Bar.self) === bar)
    }

    /// Swinject's reset walks up to the parent and drops the parent's own registration too. Ours
    /// drops what the child sees: the child's registration replaces the parent's for the child,
    /// so the parent's instance stays (reset the parent to drop it).
    @Test("a child's reset of a type it registers itself leaves the parent's own registration alone")
    func resetOfTypeFromChild() throws {
        let parent = Container()
        let child = Container(parent: parent)
        parent.register(Foo.self, lifetime: .singleton) { _ in Foo() }
        child.register(Foo.self, lifetime: .singleton) { _ in Foo() }
        let parentFoo = try parent.resolve(Foo.self)
        let childFoo = try child.resolve(Foo.self)
        child.reset(.singleton, of: Foo.self)
        #expect(try child.resolve(Foo.self) !== childFoo)
        #expect(try parent.resolve(Foo.self) === parentFoo)
        parent.reset(.singleton, of: Foo.self)
        #expect(try parent.resolve(Foo.self) !== parentFoo)
    }
}

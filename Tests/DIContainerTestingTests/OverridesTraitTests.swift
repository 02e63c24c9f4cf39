import DIContainer
import DIContainerTesting
import Testing

@Suite(
    "The overriding trait",
    .assembled(.fixtures),
    .overriding { $0.register((any Greeter).self, instance: MockGreeter(greeting: "suite")) }
)
struct OverridesTraitTests {
    @Test("the suite's override reaches code that resolves from Container.shared")
    func suiteOverrideReachesFactory() throws {
        #expect(try SessionFactory().greeting() == "suite")
        #expect(try SessionFactory().makeSession().greeter.greeting == "suite")
    }

    @Test(
        "a test's own override nests inside the suite's and wins",
        .overriding { $0.register((any Greeter).self, instance: MockGreeter(greeting: "test")) }
    )
    func testOverrideWins() throws {
        #expect(try SessionFactory().greeting() == "test")
    }

    @Test("withOverrides in the test nests inside the trait's scope, with its own singletons")
    func withOverridesNests() async throws {
        let factory = SessionFactory()
        let outer = try factory.makeSession()
        #expect(outer.greeter.greeting == "suite")

        try await Container.shared.withOverrides {
            $0.register((any Greeter).self, instance: MockGreeter(greeting: "inner"))
        } operation: {
            #expect(try factory.greeting() == "inner")
            let inner = try factory.makeSession()
            #expect(inner !== outer)
            #expect(inner.greeter.greeting == "inner")
            #expect(try await Task { try factory.makeSession() }.value === inner)
        }

        #expect(try factory.greeting() == "suite")
        #expect(try factory.makeSession() === outer)
    }

    @Test("a synchronous test is in the scope too")
    func synchronousTest() throws {
        let session = try SessionFactory().makeSession()
        #expect(session.greeter.greeting == "suite")
        #expect(try SessionFactory().makeSession() === session)
    }

    @Test("child tasks and Task { } inherit the scope; Task.detached does not")
    func tasks() async throws {
        let session = try SessionFactory().makeSession()
        async let child = SessionFactory().makeSession()
        #expect(try await child === session)
        let unstructured = Task { try SessionFactory().makeSession() }
        #expect(try await unstructured.value === session)

        let detached = try await Task.detached { try SessionFactory().makeSession() }.value
        #expect(detached !== session)
        #expect(detached.greeter.greeting == "hello")
    }

    @Test("the real registrations are untouched: outside any scope the singleton is the process's")
    func processSingletonUntouched() async throws {
        let first = try await Task.detached { try SessionFactory().makeSession() }.value
        let second = try await Task.detached { try SessionFactory().makeSession() }.value
        #expect(first === second, "without a scope, everyone shares the singleton")
        #expect(try SessionFactory().makeSession() !== first)
    }
}

@Suite("The fresh-instances trait", .assembled(.fixtures), .freshInstances)
struct FreshInstancesTraitTests {
    @Test("each case builds its own singleton over the real registrations", arguments: 0..<50)
    func ownSingleton(owner: Int) async throws {
        let session = try SessionFactory().makeSession()
        #expect(session.greeter is RealGreeter)
        #expect(session.claim(by: owner) == [owner])
        await Task.yield()
        #expect(try SessionFactory().makeSession() === session)
    }
}

/// A container of its own, for the `container:` forms of the traits.
private let payments: Container = {
    let container = Container()
    container.register((any Greeter).self) { _ in RealGreeter() }
    container.register(Session.self, lifetime: .singleton) { r in Session(greeter: try r.resolve((any Greeter).self)) }
    return container
}()

@Suite("The traits on another container")
struct OtherContainerTraitTests {
    @Test(
        "overriding(container:) replaces registrations of that container and its children",
        .overriding(container: payments) { $0.register((any Greeter).self, instance: MockGreeter(greeting: "payments")) }
    )
    func overridesThatContainer() throws {
        #expect(try payments.resolve((any Greeter).self).greeting == "payments")
        #expect(try Container(parent: payments).resolve(Session.self).greeter.greeting == "payments")
    }

    @Test("freshInstances(container:) gives the test its own singletons of that container", .freshInstances(container: payments))
    func freshInThatContainer() async throws {
        let session = try payments.resolve(Session.self)
        let processWide = try await Task.detached { try payments.resolve(Session.self) }.value
        #expect(session !== processWide)
        #expect(try payments.resolve(Session.self) === session)
    }
}

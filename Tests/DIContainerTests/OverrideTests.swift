import DIContainer
import Testing

protocol OvrGreeter: Sendable {
    var greeting: String { get }
}
struct OvrRealGreeter: OvrGreeter {
    var greeting: String { "hello" }
}
struct OvrMockGreeter: OvrGreeter {
    var greeting: String
}
/// A real singleton that depends on an overridable service.
final class OvrWelcomeService: Sendable {
    let greeter: any OvrGreeter
    init(greeter: any OvrGreeter) { self.greeter = greeter }
}
/// Only these tests register it in `Container.shared`.
protocol OvrSharedGreeter: Sendable {
    var greeting: String { get }
}
struct OvrSharedReal: OvrSharedGreeter {
    var greeting: String { "real" }
}
struct OvrSharedMock: OvrSharedGreeter {
    var greeting: String { "mock" }
}
/// App code that resolves from `Container.shared`, like a presenter factory.
struct OvrPresenterFactory {
    func makeGreeting() throws -> String {
        try Container.shared.resolve((any OvrSharedGreeter).self).greeting
    }
}

@Suite("Overrides")
struct OverrideTests {
    private func appContainer() -> Container {
        let container = Container()
        container.register((any OvrGreeter).self) { _ in OvrRealGreeter() }
        container.register(OvrWelcomeService.self, lifetime: .singleton) { r in
            OvrWelcomeService(greeter: try r.resolve((any OvrGreeter).self))
        }
        return container
    }

    @Test("an override replaces a registration inside the closure only")
    func replacesInsideOnly() throws {
        let container = appContainer()
        let inside = try container.withOverrides {
            $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "mock") }
        } operation: {
            try container.resolve((any OvrGreeter).self).greeting
        }
        #expect(inside == "mock")
        #expect(try container.resolve((any OvrGreeter).self).greeting == "hello")
    }

    @Test("code that resolves from Container.shared sees the overrides")
    func sharedContainerSeesOverrides() throws {
        Container.shared.register((any OvrSharedGreeter).self) { _ in OvrSharedReal() }
        let factory = OvrPresenterFactory()
        let inside = try Container.shared.withOverrides {
            $0.register((any OvrSharedGreeter).self) { _ in OvrSharedMock() }
        } operation: {
            try factory.makeGreeting()
        }
        #expect(inside == "mock")
        #expect(try factory.makeGreeting() == "real")
    }

    @Test("singletons built inside a scope are the scope's own and never leak out")
    func scopedSingletons() throws {
        let container = appContainer()
        let realBefore = try container.resolve(OvrWelcomeService.self)
        let scoped = try container.withOverrides {
            $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "mock") }
        } operation: {
            let service = try container.resolve(OvrWelcomeService.self)
            #expect(service.greeter.greeting == "mock")
            #expect(service !== realBefore)
            #expect(try container.resolve(OvrWelcomeService.self) === service)
            return service
        }
        let realAfter = try container.resolve(OvrWelcomeService.self)
        #expect(realAfter === realBefore)
        #expect(realAfter !== scoped)
        #expect(realAfter.greeter.greeting == "hello")
    }

    @Test("a singleton first built inside a scope is not the one the container builds afterwards")
    func firstBuiltInsideScope() throws {
        let container = appContainer()
        let scoped = try container.withOverrides {
            $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "mock") }
        } operation: {
            try container.resolve(OvrWelcomeService.self)
        }
        let real = try container.resolve(OvrWelcomeService.self)
        #expect(real !== scoped)
        #expect(real.greeter.greeting == "hello")
        #expect(scoped.greeter.greeting == "mock")
    }

    @Test("scopes nest: the innermost override wins, and leaving it restores the outer one")
    func nestedScopes() throws {
        let container = appContainer()
        try container.withOverrides(strict: false) {
            $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "outer") }
            $0.register(String.self, name: "tag") { _ in "outer tag" }
        } operation: {
            try container.withOverrides {
                $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "inner") }
            } operation: { () throws in
                #expect(try container.resolve((any OvrGreeter).self).greeting == "inner")
                #expect(try container.resolve(String.self, name: "tag") == "outer tag")
                #expect(try container.resolve(OvrWelcomeService.self).greeter.greeting == "inner")
            }
            #expect(try container.resolve((any OvrGreeter).self).greeting == "outer")
            #expect(try container.resolve(OvrWelcomeService.self).greeter.greeting == "outer")
        }
        #expect(try container.resolve((any OvrGreeter).self).greeting == "hello")
        #expect(container.isRegistered(String.self, name: "tag") == false)
    }

    @Test("the async variant applies across suspension points and to child tasks")
    func asyncVariant() async throws {
        let container = appContainer()
        let greetings = try await container.withOverrides {
            $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "async mock") }
        } operation: {
            await Task.yield()
            async let child = container.resolve((any OvrGreeter).self).greeting
            let own = try container.resolve((any OvrGreeter).self).greeting
            return [own, try await child]
        }
        #expect(greetings == ["async mock", "async mock"])
        #expect(try container.resolve((any OvrGreeter).self).greeting == "hello")
    }

    @Test("100 concurrent tasks each overriding the same key see only their own value")
    func parallelIsolation() async throws {
        let container = appContainer()
        container.register(Int.self, name: "test-id") { _ in -1 }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for id in 0..<100 {
                group.addTask {
                    try await container.withOverrides {
                        $0.register(Int.self, name: "test-id") { _ in id }
                        $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "mock \(id)") }
                    } operation: {
                        var wrong = 0
                        for _ in 0..<50 {
                            if try container.resolve(Int.self, name: "test-id") != id { wrong += 1 }
                            if try container.resolve(OvrWelcomeService.self).greeter.greeting != "mock \(id)" { wrong += 1 }
                            await Task.yield()
                        }
                        return wrong
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(try container.resolve(Int.self, name: "test-id") == -1)
        #expect(try container.resolve(OvrWelcomeService.self).greeter.greeting == "hello")
    }

    @Test("Task {} inside the scope inherits the overrides; Task.detached does not")
    func taskInheritance() async throws {
        let container = appContainer()
        let (inherited, detached) = try await container.withOverrides {
            $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "mock") }
        } operation: {
            let inherited = try await Task { try container.resolve((any OvrGreeter).self).greeting }.value
            let detached = try await Task.detached { try container.resolve((any OvrGreeter).self).greeting }.value
            return (inherited, detached)
        }
        #expect(inherited == "mock")
        #expect(detached == "hello")
    }

    @Test("an override can add a registration the container lacks, for the closure only")
    func addsMissingRegistration() throws {
        let container = Container()
        #expect(!container.isRegistered((any OvrGreeter).self))
        let registered = try container.withOverrides(strict: false) {
            $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "added") }
        } operation: {
            container.isRegistered((any OvrGreeter).self)
        }
        #expect(registered)
        #expect(!container.isRegistered((any OvrGreeter).self))
        #expect(throws: ResolutionError.self) { try container.resolve((any OvrGreeter).self) }
    }

    @Test("overrides apply to child containers of the overridden one, not to unrelated containers")
    func childContainers() throws {
        let parent = appContainer()
        let child = Container(parent: parent)
        let other = appContainer()
        try parent.withOverrides {
            $0.register((any OvrGreeter).self) { _ in OvrMockGreeter(greeting: "mock") }
        } operation: { () throws in
            #expect(try child.resolve((any OvrGreeter).self).greeting == "mock")
            #expect(try other.resolve((any OvrGreeter).self).greeting == "hello")
        }
    }
}

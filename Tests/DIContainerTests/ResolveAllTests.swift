import DIContainer
import Testing

protocol AllPlugin: Sendable {
    var id: String { get }
}
struct AllNamedPlugin: AllPlugin {
    let id: String
}
/// Collects every plug-in through the resolver it is given.
struct AllPluginHost: Sendable {
    let plugins: [any AllPlugin]
}

@Suite("Resolve all")
struct ResolveAllTests {
    private func ids(_ container: Container) throws -> [String] {
        try container.resolveAll((any AllPlugin).self).map(\.id)
    }

    @Test("resolveAll returns every registration of a type across names, in registration order")
    func registrationOrder() throws {
        let container = Container()
        container.register((any AllPlugin).self, name: "zeta") { _ in AllNamedPlugin(id: "zeta") }
        container.register((any AllPlugin).self) { _ in AllNamedPlugin(id: "unnamed") }
        container.register(String.self) { _ in "not a plug-in" }
        container.register((any AllPlugin).self, name: "alpha") { _ in AllNamedPlugin(id: "alpha") }
        #expect(try ids(container) == ["zeta", "unnamed", "alpha"])
    }

    @Test("replacing a registration keeps its place in the order")
    func replacementKeepsPlace() throws {
        let container = Container()
        for name in ["a", "b", "c"] {
            container.register((any AllPlugin).self, name: Name(name)) { _ in AllNamedPlugin(id: name) }
        }
        container.register((any AllPlugin).self, name: "b") { _ in AllNamedPlugin(id: "b2") }
        #expect(try ids(container) == ["a", "b2", "c"])
    }

    @Test("overrides replace registrations in place and add new ones at the end, inside the scope only")
    func overridesAddAndReplace() throws {
        let container = Container()
        for name in ["a", "b", "c"] {
            container.register((any AllPlugin).self, name: Name(name)) { _ in AllNamedPlugin(id: name) }
        }
        let inside = try container.withOverrides(strict: false) {
            $0.register((any AllPlugin).self, name: "d") { _ in AllNamedPlugin(id: "d mock") }
            $0.register((any AllPlugin).self, name: "a") { _ in AllNamedPlugin(id: "a mock") }
        } operation: {
            try ids(container)
        }
        #expect(inside == ["a mock", "b", "c", "d mock"])
        #expect(try ids(container) == ["a", "b", "c"])
    }

    @Test("resolveAll is empty when nothing is registered for the type")
    func emptyWhenNone() throws {
        let container = Container()
        container.register(String.self) { _ in "unrelated" }
        #expect(try ids(container).isEmpty)
    }

    @Test("registrations that need runtime arguments are left out")
    func argumentRegistrationsExcluded() throws {
        let container = Container()
        container.register((any AllPlugin).self, name: "plain") { _ in AllNamedPlugin(id: "plain") }
        container.register((any AllPlugin).self, name: "configured") { (_, id: String) in AllNamedPlugin(id: id) }
        container.register((any AllPlugin).self) { (_, id: Int) in AllNamedPlugin(id: "\(id)") }
        #expect(try ids(container) == ["plain"])
    }

    @Test("a parent's registrations come first, and a child's replacement answers in the parent's place")
    func parentFirst() throws {
        let parent = Container()
        parent.register((any AllPlugin).self, name: "a") { _ in AllNamedPlugin(id: "parent a") }
        parent.register((any AllPlugin).self, name: "b") { _ in AllNamedPlugin(id: "parent b") }
        let child = Container(parent: parent)
        child.register((any AllPlugin).self, name: "c") { _ in AllNamedPlugin(id: "child c") }
        child.register((any AllPlugin).self, name: "a") { _ in AllNamedPlugin(id: "child a") }
        #expect(try ids(child) == ["child a", "parent b", "child c"])
        #expect(try ids(parent) == ["parent a", "parent b"])
    }

    @Test("a factory can collect every plug-in through its resolver")
    func throughResolver() throws {
        let container = Container()
        container.register((any AllPlugin).self, name: "one") { _ in AllNamedPlugin(id: "one") }
        container.register((any AllPlugin).self, name: "two") { _ in AllNamedPlugin(id: "two") }
        container.register(AllPluginHost.self) { r in AllPluginHost(plugins: try r.resolveAll((any AllPlugin).self)) }
        #expect(try container.resolve(AllPluginHost.self).plugins.map(\.id) == ["one", "two"])
    }

    @Test("a failing registration makes resolveAll throw its error")
    func failureThrows() throws {
        let container = Container()
        container.register((any AllPlugin).self, name: "fine") { _ in AllNamedPlugin(id: "fine") }
        container.register((any AllPlugin).self, name: "broken") { r in
            AllNamedPlugin(id: try r.resolve(String.self, name: "missing"))
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolveAll((any AllPlugin).self) }
        #expect(error.path.map(\.description) == ["AllPlugin (name: broken)", "String (name: missing)"])
    }
}

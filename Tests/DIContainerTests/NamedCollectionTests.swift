import DIContainer
import Testing

protocol ColHandler: Sendable { var id: String { get } }
struct ColOrders: ColHandler { var id: String { "orders" } }
struct ColRefunds: ColHandler { var id: String { "refunds" } }
struct ColUnnamed: ColHandler { var id: String { "unnamed" } }
final class ColRouter: Sendable {
    let handlers: [Name: any ColHandler]
    init(handlers: [Name: any ColHandler]) { self.handlers = handlers }
}

@Suite("Named collections ([Name: T])")
struct NamedCollectionTests {
    private func handlers() -> Container {
        let container = Container()
        container.register((any ColHandler).self, name: "orders") { _ in ColOrders() }
        container.register((any ColHandler).self, name: "refunds", lifetime: .singleton) { _ in ColRefunds() }
        container.register((any ColHandler).self) { _ in ColUnnamed() }
        return container
    }

    @Test("every named registration without arguments, by name; the unnamed one left out")
    func collects() throws {
        let container = handlers()
        container.register((any ColHandler).self, name: "withID") { (_, id: Int) in ColOrders() }
        let found = try container.resolve([Name: any ColHandler].self)
        #expect(found.keys.sorted { $0.rawValue < $1.rawValue } == ["orders", "refunds"])
        #expect(found["orders"]?.id == "orders")
        #expect(found["refunds"]?.id == "refunds")
    }

    @Test("through a factory and auto-wiring, members are the asker's dependencies")
    func dependencies() throws {
        let container = handlers()
        container.register(ColRouter.self, initializer: ColRouter.init)
        container.register(String.self) { r in try r.resolve([Name: any ColHandler].self).keys.map(\.rawValue).sorted().joined() }
        #expect(try container.resolve(ColRouter.self).handlers.count == 2)
        #expect(try container.resolve(String.self) == "ordersrefunds")
        try container.validate()
        let info = try #require(container.registrations.first { $0.service.typeName == "String" })
        #expect(info.dependencies.map(\.description) == ["ColHandler (name: orders)", "ColHandler (name: refunds)"])
    }

    @Test("undeclared and empty: not registered, with the asker's path")
    func undeclaredEmpty() throws {
        let container = Container()
        container.register(String.self) { r in "\(try r.resolve([Name: any ColHandler].self).count)" }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(String.self) }
        guard case .notRegistered = error.kind else {
            Issue.record("expected notRegistered, got \(error)")
            return
        }
        #expect(error.path.map(\.description) == ["String", "Dictionary<Name, ColHandler>"])
        #expect(throws: ValidationError.self) { try container.validate() }
    }

    @Test("declared: [:] when empty, and a registration of its own with its members")
    func declared() throws {
        let container = Container()
        container.registerCollection(of: (any ColHandler).self)
        #expect(try container.resolve([Name: any ColHandler].self).isEmpty)
        try container.validate()
        #expect(container.registrations.first?.service.typeName == "Dictionary<Name, ColHandler>")

        let filled = Container()
        filled.registerCollection(of: (any ColHandler).self)
        filled.register((any ColHandler).self, name: "orders") { _ in ColOrders() }
        #expect(try filled.resolve([Name: any ColHandler].self).keys.map(\.rawValue) == ["orders"])
        let info = try #require(filled.registrations.first { $0.service.typeName.hasPrefix("Dictionary") })
        #expect(info.dependencies.map(\.description) == ["ColHandler (name: orders)"])
        #expect(filled.graph(format: .dot).contains("n2 -> n1"))
    }

    @Test("a test override adds or replaces a member; a parent's members count")
    func overridesAndParents() throws {
        let parent = handlers()
        let child = Container(parent: parent)
        child.register((any ColHandler).self, name: "child") { _ in ColOrders() }
        #expect(try child.resolve([Name: any ColHandler].self).count == 3)
        let overridden = try child.withOverrides {
            $0.register((any ColHandler).self, name: "orders") { _ in ColRefunds() }
        } operation: {
            try child.resolve([Name: any ColHandler].self)["orders"]?.id
        }
        #expect(overridden == "refunds")
    }

    @Test("a shared member is the one instance from many tasks at once")
    func concurrent() async throws {
        final class Counted: ColHandler, Sendable { var id: String { "counted" } }
        let container = Container()
        container.register((any ColHandler).self, name: "one", lifetime: .singleton) { _ in Counted() }
        let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    let member = try #require(try container.resolve([Name: any ColHandler].self)["one"] as? Counted)
                    return ObjectIdentifier(member)
                }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
    }

    @Test("resolveAsync collects async members")
    func async() async throws {
        let container = Container()
        container.register((any ColHandler).self, name: "late") { _ async in ColOrders() }
        #expect(try await container.resolveAsync([Name: any ColHandler].self).count == 1)
    }
}

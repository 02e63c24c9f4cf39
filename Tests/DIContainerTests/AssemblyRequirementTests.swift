import DIContainer
import Testing

protocol ReqDatabase: Sendable {}
struct ReqSQLite: ReqDatabase {}
struct ReqFeatureStore: Sendable { let database: any ReqDatabase }

struct ReqFeatureAssembly: Assembly {
    var requirements: [AssemblyRequirement] {
        [.service((any ReqDatabase).self), AssemblyRequirement(String.self, name: "apiKey")]
    }

    func assemble(into container: Container) {
        container.register(ReqFeatureStore.self) { r in ReqFeatureStore(database: try r.resolve((any ReqDatabase).self)) }
    }
}

struct ReqStorageAssembly: Assembly {
    func assemble(into container: Container) {
        container.register((any ReqDatabase).self, lifetime: .singleton) { _ in ReqSQLite() }
        container.register(String.self, name: "apiKey", instance: "key")
    }
}

/// A live-only service that the feature's factory reaches first: in a test context validation
/// stops there, and only the requirement names the forgotten module.
struct ReqLiveFeatureAssembly: Assembly {
    var requirements: [AssemblyRequirement] { [.service((any ReqDatabase).self)] }

    func assemble(into container: Container) {
        container.register(Int.self) { _ in 1 }.liveOnly()
        container.register(ReqFeatureStore.self) { r in
            _ = try r.resolve(Int.self)
            return ReqFeatureStore(database: try r.resolve((any ReqDatabase).self))
        }
    }
}

@Suite("Assembly requirements")
struct AssemblyRequirementTests {
    @Test("an unmet requirement is reported by assembly and key, first, with the fix")
    func unmet() throws {
        let container = Container()
        container.apply(ReqFeatureAssembly())
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.unmetRequirements.map(\.assembly) == ["ReqFeatureAssembly", "ReqFeatureAssembly"])
        #expect(error.unmetRequirements.map(\.service.description) == ["ReqDatabase", "String (name: apiKey)"])
        #expect(
            error.description.hasPrefix(
                """
                The container has 3 problems:
                1. ReqFeatureAssembly requires ReqDatabase; no applied assembly registers it. Fix: apply the assembly that \
                registers ReqDatabase before validating, or register it
                2. ReqFeatureAssembly requires String (name: apiKey); no applied assembly registers it. Fix: apply the \
                assembly that registers String under name "apiKey" before validating, or register it
                3. Cannot resolve ReqDatabase
                """))
    }

    @Test("met by another assembly, in either order, or by a parent container: nothing reported")
    func met() throws {
        for order in [[ReqFeatureAssembly(), ReqStorageAssembly()] as [any Assembly], [ReqStorageAssembly(), ReqFeatureAssembly()]] {
            let container = Container()
            container.apply(order)
            try container.validate()
        }
        let parent = Container()
        parent.apply(ReqStorageAssembly())
        let child = Container(parent: parent)
        child.apply(ReqFeatureAssembly())
        try child.validate()
    }

    @Test("apply does nothing more at run time: resolving still works or fails as before")
    func runTime() throws {
        let container = Container()
        container.apply(ReqFeatureAssembly())
        #expect(throws: ResolutionError.self) { try container.resolve(ReqFeatureStore.self) }
        container.apply(ReqStorageAssembly())
        _ = try container.resolve(ReqFeatureStore.self)
    }

    @Test("in a test context, where validation stops at a live-only service, the forgotten module is still reported")
    func testContext() async throws {
        let container = Container()
        container.apply(ReqLiveFeatureAssembly())
        let error = try await Container.withContexts([.test]) {
            try await #require(throws: ValidationError.self) { try await container.validateAsync() }
        }
        #expect(error.unmetRequirements.map(\.service.description) == ["ReqDatabase"])
        container.apply(ReqStorageAssembly())
        try await Container.withContexts([.test]) { _ = try await container.validateAsync() }
    }

    @Test("a test override meets a requirement (replacing nothing, so on purpose: strict: false)")
    func override() throws {
        let container = Container()
        container.apply(ReqFeatureAssembly())
        try container.withOverrides(strict: false) {
            $0.register((any ReqDatabase).self) { _ in ReqSQLite() }
            $0.register(String.self, name: "apiKey", instance: "test")
        } operation: {
            try container.validate()
        }
    }
}

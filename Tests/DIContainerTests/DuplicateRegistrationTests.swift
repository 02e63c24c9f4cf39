import DIContainer
import Testing

// A modular app: a core module and two feature modules, each with its own assembly; both
// features register the app's `DupSearchIndex` (a mistake real teams make).
protocol DupSearchIndex: Sendable {}
final class DupCatalogIndex: DupSearchIndex {}
final class DupSearchModuleIndex: DupSearchIndex {}
final class DupFixtureIndex: DupSearchIndex {}
final class DupClock: Sendable {}
protocol DupTicking: Sendable {}
extension DupClock: DupTicking {}

struct DupCoreAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(DupClock.self, lifetime: .singleton) { _ in DupClock() }
    }
}

struct DupCatalogAssembly: Assembly {
    static let site = "DIContainerTests/DuplicateRegistrationTests.swift:\(#line + 3)"

    func assemble(into container: Container) {
        container.register((any DupSearchIndex).self, lifetime: .singleton) { _ in DupCatalogIndex() }
    }
}

struct DupSearchAssembly: Assembly {
    static let site = "DIContainerTests/DuplicateRegistrationTests.swift:\(#line + 3)"

    func assemble(into container: Container) {
        container.register((any DupSearchIndex).self, lifetime: .singleton) { _ in DupSearchModuleIndex() }
    }
}

/// A test assembly replacing a production service on purpose.
struct DupFixturesAssembly: Assembly {
    func assemble(into container: Container) {
        container.register((any DupSearchIndex).self) { _ in DupFixtureIndex() }.replacing()
    }
}

@Suite("Duplicate registrations")
struct DuplicateRegistrationTests {
    @Test("two modules registering one key: validate names both sites, and the one applied last answers")
    func twoModules() async throws {
        let container = Container()
        container.apply(DupCoreAssembly(), DupCatalogAssembly(), DupSearchAssembly())

        #expect(try container.resolve((any DupSearchIndex).self) is DupSearchModuleIndex)
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.problems.isEmpty)
        let duplicate = try #require(error.duplicates.first)
        #expect(error.duplicates.count == 1)
        #expect(duplicate.service.typeName == "DupSearchIndex")
        #expect(duplicate.sites == [DupCatalogAssembly.site, DupSearchAssembly.site])
        #expect(
            error.description == """
                The container has 1 problem:
                1. DupSearchIndex is registered twice, at \(DupCatalogAssembly.site) and at \(DupSearchAssembly.site): \
                the one registered last answers, so the order of apply decides. Fix: register it in one place, or, when \
                the later registration replaces the earlier on purpose (a debug or test assembly applied after the \
                app's), mark it with .replacing()
                """)

        let asyncError = try await #require(throws: ValidationError.self) { try await container.validateAsync() }
        #expect(asyncError.duplicates == error.duplicates)
    }

    @Test("swapping apply's order swaps the winner and the sites")
    func orderDecides() throws {
        let container = Container()
        container.apply(DupSearchAssembly(), DupCatalogAssembly())
        #expect(try container.resolve((any DupSearchIndex).self) is DupCatalogIndex)
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.duplicates.map(\.sites) == [[DupSearchAssembly.site, DupCatalogAssembly.site]])
    }

    @Test("a registration marked replacing() replaces on purpose: validation passes")
    func replacingOnPurpose() async throws {
        let container = Container()
        container.apply(DupCoreAssembly(), DupCatalogAssembly(), DupFixturesAssembly())
        try container.validate()
        try await container.validateAsync()
        #expect(try container.resolve((any DupSearchIndex).self) is DupFixtureIndex)
    }

    @Test("the mark excuses only its own replacement: a third registration is reported with the two before it")
    func chains() throws {
        let container = Container()
        container.apply(DupCatalogAssembly(), DupFixturesAssembly(), DupSearchAssembly())
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.duplicates.count == 1)
        #expect(error.duplicates.first?.sites.last == DupSearchAssembly.site)

        let three = Container()
        three.apply(DupCatalogAssembly(), DupSearchAssembly(), DupCatalogAssembly())
        let tripled = try #require(throws: ValidationError.self) { try three.validate() }
        #expect(tripled.duplicates.map(\.sites) == [[DupCatalogAssembly.site, DupSearchAssembly.site, DupCatalogAssembly.site]])
        #expect(tripled.description.contains("is registered 3 times, at "))
    }

    @Test("the same assembly applied again and again is reported once, with a hint")
    func appliedTwice() throws {
        let container = Container()
        for _ in 0..<3 { container.apply(DupCatalogAssembly()) }  // a setUp assembling each time: one record
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.duplicates.map(\.sites) == [[DupCatalogAssembly.site, DupCatalogAssembly.site]])
        #expect(error.description.contains("(the same code ran again: an assembly applied twice?)"))
    }

    @Test("a forwarded type registered by two modules is a duplicate; replacing() after implements covers it")
    func forwardedTypes() throws {
        let container = Container()
        container.register(DupClock.self) { _ in DupClock() }.implements((any DupTicking).self)
        container.register(DupClock.self) { _ in DupClock() }.implements((any DupTicking).self)
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.duplicates.map(\.service.typeName).sorted() == ["DupClock", "DupTicking"])

        let marked = Container()
        marked.register(DupClock.self) { _ in DupClock() }.implements((any DupTicking).self)
        marked.register(DupClock.self) { _ in DupClock() }.implements((any DupTicking).self).replacing()
        try marked.validate()
    }

    @Test("changes to one registration, a child's registration, overrides and removeAll are no duplicates")
    func notDuplicates() throws {
        let parent = Container()
        parent.register(DupClock.self, lifetime: .singleton) { _ in DupClock() }
            .initCompleted { _, _ in }
            .when(.preview) { _ in DupClock() }
            .implements((any DupTicking).self)
        parent.decorate(DupClock.self) { _, clock in clock }
        try parent.validate()

        let child = Container(parent: parent)
        child.register(DupClock.self) { _ in DupClock() }
        try child.validate()

        try parent.withOverrides {
            $0.register(DupClock.self) { _ in DupClock() }
        } operation: {
            try parent.validate()
        }

        parent.register(DupClock.self) { _ in DupClock() }
        #expect(throws: ValidationError.self) { try child.validate() }  // a parent's duplicate shows in its children
        parent.removeAll()
        parent.register(DupClock.self) { _ in DupClock() }
        try parent.validate()
    }
}

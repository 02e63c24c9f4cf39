import DIContainer
import DIContainerLocking
import Testing

// A catalogue module's registrations, and test overrides that miss them.
protocol UnmCatalog: Sendable {}
final class UnmRemoteCatalog: UnmCatalog {}
final class UnmMockCatalog: UnmCatalog {}
final class UnmSpy: Sendable {}
final class UnmDetail: Sendable {}
protocol UnmTicking: Sendable {}
final class UnmClock: UnmTicking {}

@Suite("Overrides that replace nothing")
struct UnmatchedOverrideTests {
    private func catalogApp() -> Container {
        let container = Container()
        container.register((any UnmCatalog).self, name: "local") { _ in UnmRemoteCatalog() }
        container.register(UnmDetail.self) { (_, id: Int) in UnmDetail() }
        return container
    }

    @Test("a misspelled name throws in strict mode, naming the near miss, and the operation does not run")
    func misspelledName() throws {
        let container = catalogApp()
        let ran = Locked(false)
        var caught: UnmatchedOverridesError?
        // Not inside #require: a macro's closure reports the macro's line as the site.
        let line = #line + 3
        do {
            try container.withOverrides(strict: true) {
                $0.register((any UnmCatalog).self, name: "locl") { _ in UnmMockCatalog() }
            } operation: {
                ran.withLock { $0 = true }
            }
        } catch let error as UnmatchedOverridesError {
            caught = error
        }
        let error = try #require(caught)
        #expect(!ran.withLock { $0 })
        let override = try #require(error.overrides.first)
        #expect(override.service.name == "locl")
        #expect(override.nearMisses.map(\.name) == ["local"])
        #expect(
            error.description == """
                1 test override replaces nothing:
                - UnmCatalog (name: locl), overridden at DIContainerTests/UnmatchedOverrideTests.swift:\(line): \
                nothing registers UnmCatalog under this name. Registered for UnmCatalog: name "local". \
                Fix: override name "local"
                """)
    }

    @Test("a type nothing registers, and other argument types, are reported with a fix each")
    func unregisteredTypeAndArguments() async throws {
        let container = catalogApp()
        let error = try await #require(throws: UnmatchedOverridesError.self) {
            try await container.withOverrides(strict: true) {
                $0.register(UnmSpy.self) { _ in UnmSpy() }
                $0.register(UnmDetail.self) { _ in UnmDetail() }
                $0.register((any UnmCatalog).self) { _ in UnmMockCatalog() }
            } operation: {
                await Task.yield()
            }
        }
        #expect(error.overrides.map(\.service.typeName) == ["UnmSpy", "UnmDetail", "UnmCatalog"])
        #expect(error.description.hasPrefix("3 test overrides replace nothing:\n"))
        #expect(error.overrides[0].nearMisses.isEmpty)
        #expect(
            error.overrides[0].description.hasSuffix(
                "Fix: register it in the app (is its assembly applied before the test? `.assembled(_:)` or "
                    + "`ContainerTestCase.assembly`), or remove the override"))
        #expect(
            error.overrides[1].description.hasSuffix(
                "Registered for UnmDetail: no name with arguments (Int). Fix: override it with arguments (Int)"))
        #expect(error.overrides[2].description.contains("nothing registers UnmCatalog without a name"))
    }

    @Test("strict: false says an override that replaces nothing is on purpose: nothing is reported")
    func notStrict() throws {
        let container = catalogApp()
        let value = try container.withOverrides(strict: false) {
            $0.register(UnmSpy.self) { _ in UnmSpy() }
        } operation: {
            42
        }
        #expect(value == 42)
    }

    @Test("an override matches a parent's registration, a forwarded type, an enclosing override and a variant's key")
    func matches() async throws {
        let parent = catalogApp()
        parent.register(UnmClock.self) { _ in UnmClock() }
            .implements((any UnmTicking).self)
            .when(.preview) { _ in UnmClock() }
        let child = Container(parent: parent)
        try await child.withOverrides(strict: true) {
            $0.register((any UnmCatalog).self, name: "local") { _ in UnmMockCatalog() }
            $0.register((any UnmTicking).self) { _ in UnmClock() }
            $0.register(UnmClock.self) { _ in UnmClock() }
            $0.register(UnmDetail.self) { (_, id: Int) in UnmDetail() }
        } operation: {
            try await child.withOverrides(strict: true) {
                $0.register((any UnmTicking).self) { _ in UnmClock() }
            } operation: {
                await Task.yield()
            }
        }
        // An enclosing scope's own addition counts for a nested scope.
        try parent.withOverrides(strict: false) {
            $0.register(UnmSpy.self) { _ in UnmSpy() }
        } operation: {
            try parent.withOverrides(strict: true) {
                $0.register(UnmSpy.self) { _ in UnmSpy() }
            } operation: {
            }
        }
    }
}

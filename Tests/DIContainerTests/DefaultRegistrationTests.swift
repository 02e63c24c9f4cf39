import DIContainer
import Testing

// A library module registers a clock as a default; the app may register its own.
protocol DefClock: Sendable { var label: String { get } }
struct DefSystemClock: DefClock { var label: String { "system" } }
struct DefAppClock: DefClock { var label: String { "app" } }

struct DefLibraryAssembly: Assembly {
    static let site = "DIContainerTests/DefaultRegistrationTests.swift:\(#line + 3)"

    func assemble(into container: Container) {
        container.register((any DefClock).self, lifetime: .singleton) { _ in DefSystemClock() }.asDefault()
    }
}

struct DefAppAssembly: Assembly {
    static let site = "DIContainerTests/DefaultRegistrationTests.swift:\(#line + 3)"

    func assemble(into container: Container) {
        container.register((any DefClock).self) { _ in DefAppClock() }
    }
}

@Suite("Defaults a library yields (asDefault)")
struct DefaultRegistrationTests {
    @Test(
        "the app's registration answers in either order of apply, with no duplicate report",
        arguments: [false, true])
    func yieldsInEitherOrder(libraryFirst: Bool) throws {
        let container = Container()
        if libraryFirst {
            container.apply(DefLibraryAssembly(), DefAppAssembly())
        } else {
            container.apply(DefAppAssembly(), DefLibraryAssembly())
        }
        #expect(try container.resolve((any DefClock).self).label == "app")
        try container.validate()
        let info = try #require(container.registrations.first { $0.service.typeName == "DefClock" })
        #expect(container.registrations.count == 1)
        #expect(!info.isDefault)
        #expect(info.lifetime == .transient)
        #expect(info.yieldedDefault == DefLibraryAssembly.site)
        #expect(info.description.hasSuffix("replaces the default registered at \(DefLibraryAssembly.site)"))
        #expect(container.graph(format: .mermaid).contains("default at \(DefLibraryAssembly.site) yielded"))
    }

    @Test("a default alone answers, and says so in registrations and the graph")
    func aloneAnswers() throws {
        let container = Container()
        container.apply(DefLibraryAssembly())
        #expect(try container.resolve((any DefClock).self).label == "system")
        try container.validate()
        let info = try #require(container.registrations.first)
        #expect(info.isDefault)
        #expect(info.yieldedDefault == nil)
        #expect(info.description.contains(" · default"))
        #expect(container.graph(format: .dot).contains("singleton · as default"))
    }

    @Test("two defaults for one key are still a duplicate, in either order", arguments: [false, true])
    func twoDefaults(secondIsDefaultToo: Bool) throws {
        let container = Container()
        container.apply(DefLibraryAssembly())
        let secondLine = #line + 1
        container.register((any DefClock).self) { _ in DefAppClock() }.asDefault()
        #expect(try container.resolve((any DefClock).self).label == "app")
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(
            error.duplicates.map(\.sites) == [
                [DefLibraryAssembly.site, "DIContainerTests/DefaultRegistrationTests.swift:\(secondLine)"]
            ])
        #expect(container.registrations.first?.isDefault == true)
    }

    @Test("a default registered after the app's keeps the app's singleton and its place")
    func keepsTheAppsInstance() throws {
        let container = Container()
        container.register(Int.self) { _ in 1 }
        container.register((any DefClock).self, lifetime: .singleton) { _ in DefAppClock() }
        container.register(String.self) { _ in "" }
        container.apply(DefLibraryAssembly())
        #expect(try container.resolve((any DefClock).self).label == "app")
        #expect(container.registrations.map(\.service.typeName) == ["Int", "DefClock", "String"])
        #expect(container.registrations[1].lifetime == .singleton)
    }

    @Test("a registration of the same key in a child container, or a test override, is no business of the default")
    func childAndOverride() throws {
        let parent = Container()
        parent.apply(DefLibraryAssembly())
        let child = Container(parent: parent)
        child.register((any DefClock).self) { _ in DefAppClock() }
        #expect(try child.resolve((any DefClock).self).label == "app")
        #expect(try parent.resolve((any DefClock).self).label == "system")
        let overridden = try parent.withOverrides {
            $0.register((any DefClock).self) { _ in DefAppClock() }
        } operation: {
            try parent.resolve((any DefClock).self).label
        }
        #expect(overridden == "app")
    }

    @Test("many tasks registering a default and the app's registration at once: the app's answers")
    func concurrent() async throws {
        for _ in 0..<50 {
            let container = Container()
            await withTaskGroup(of: Void.self) { group in
                group.addTask { container.apply(DefLibraryAssembly()) }
                group.addTask { container.apply(DefAppAssembly()) }
            }
            #expect(try container.resolve((any DefClock).self).label == "app")
            #expect(container.registrations.count == 1)
            try container.validate()
        }
    }
}

import DIContainer
import DIContainerTesting
import Testing

/// A service of these tests only, with a variant per context.
private protocol Lamp: Sendable {
    var light: String { get }
}
private struct NamedLamp: Lamp {
    let light: String
}

private let lamps: Container = {
    let container = Container()
    container.register((any Lamp).self, lifetime: .singleton) { _ in NamedLamp(light: "live") }
        .when(.preview) { _ in NamedLamp(light: "preview") }
        .when("night") { _ in NamedLamp(light: "night") }
        .liveOnly()
    return container
}()

@Suite("The contexts traits", .contexts([.preview]))
struct ContextsTraitTests {
    @Test("a suite's contexts replace the launch's for each test: the preview variant answers")
    func suiteContexts() throws {
        #expect(Container.currentContexts == [.preview])
        #expect(try lamps.resolve((any Lamp).self).light == "preview")
    }

    @Test("a test's contexts nest inside the suite's and win", .contexts([]))
    func testContextsWin() throws {
        #expect(Container.currentContexts.isEmpty)
        #expect(try lamps.resolve((any Lamp).self).light == "live")
    }

    @Test("addingContexts keeps the contexts in effect and adds its own", .addingContexts(["night"]))
    func adding() throws {
        #expect(Container.currentContexts == [.preview, "night"])
        #expect(try lamps.resolve((any Lamp).self).light == "preview")
    }
}

@Suite("Contexts traits and the launch's test context")
struct AddingContextsToTheLaunchTests {
    @Test("without a variant for the test, the live-only lamp refuses", .addingContexts(["day"]))
    func refuses() {
        #expect(Container.currentContexts.isSuperset(of: [.test, "day"]))
        #expect(throws: ResolutionError.self) { try lamps.resolve((any Lamp).self) }
    }

    @Test("a context of your own answers in a test too", .addingContexts(["night"]))
    func ownContext() throws {
        #expect(try lamps.resolve((any Lamp).self).light == "night")
    }
}

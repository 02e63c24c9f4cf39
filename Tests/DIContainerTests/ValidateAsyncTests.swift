import DIContainer
import Testing

// Services of an app whose validation needs more than `validate()`: an async singleton, a
// main-actor view model, auto-wiring with a runtime argument that carries several values.
private struct Heading: Sendable {
    let id: Int, title: String
}
private final class Store: Sendable {
    static func open() async -> Store { Store() }
}
private final class Feed: Sendable {
    init(store: Store) {}
}
private final class Receipt: Sendable {
    let id: Int, title: String
    init(heading: Heading, logger: any ValLogger) {
        id = heading.id
        title = heading.title
    }
}
private final class Lesson: Sendable {
    let id: Int, title: String, minutes: Double
    init(id: Int, title: String, minutes: Double, logger: any ValLogger) {
        self.id = id
        self.title = title
        self.minutes = minutes
    }
}
@MainActor private final class EditorModel {
    let id: Int, title: String
    init(heading: Heading, logger: any ValLogger) {
        id = heading.id
        title = heading.title
    }
}
@MainActor private final class HomeModel {
    init(logger: any ValLogger) {}
}

@Suite("validateAsync")
struct ValidateAsyncTests {
    /// An app of every kind `validate()` cannot check alone; `complete: false` leaves out the
    /// async singleton and the logger.
    private func app(complete: Bool = true, storeRuns: Counter = Counter()) -> Container {
        let container = Container()
        if complete {
            container.register((any ValLogger).self) { _ in ValConsoleLogger() }
            container.register(Store.self, lifetime: .singleton) { _ async in
                storeRuns.increment()
                return await Store.open()
            }
        }
        container.register(Feed.self) { r async throws in Feed(store: try await r.resolveAsync(Store.self)) }
        container.register(Receipt.self, argument: Heading.self, initializer: Receipt.init)
        container.registerMainActor(EditorModel.self, argument: Heading.self, initializer: EditorModel.init)
        container.registerMainActor(HomeModel.self) { r in HomeModel(logger: try r.resolve((any ValLogger).self)) }
        return container
    }

    @Test("checks async and main-actor factories from any thread; runs the singleton's factory once")
    func checksEverything() async throws {
        let runs = Counter()
        let container = app(storeRuns: runs)
        let unchecked = try await Task.detached { try await container.validateAsync() }.value
        #expect(unchecked.isEmpty)
        try await container.validateAsync(strict: true)
        _ = try await container.resolveAsync(Store.self)
        _ = try await container.resolveAsync(Receipt.self, arguments: Heading(id: 1, title: "one"))
        #expect(runs.value == 1)
    }

    @Test("a missing dependency fails it, with the path, also behind a main-actor factory")
    func missingDependencyFails() async throws {
        let container = app(complete: false)
        let error = try await #require(throws: ValidationError.self) { try await container.validateAsync() }
        let paths = error.problems.map { $0.path.map(\.description).joined(separator: " → ") }
        #expect(paths == ["EditorModel → ValLogger", "Feed → Store", "HomeModel → ValLogger", "Receipt → ValLogger"])
    }

    @Test("a closure that takes runtime arguments is returned as not checked; strict fails over it")
    func argumentClosuresAreReported() async throws {
        let container = Container()
        container.register(ValDetail.self) { (r, id: Int) in ValDetail(id: id, logger: try r.resolve((any ValLogger).self)) }
        let unchecked = try await container.validateAsync()
        #expect(unchecked.map(\.service.description) == ["ValDetail"])
        let error = try await #require(throws: ValidationError.self) { try await container.validateAsync(strict: true) }
        #expect(error.problems.isEmpty)
        #expect(error.unchecked == unchecked)
    }

    @Test("several runtime arguments, as one auto-wired value or a closure's parameters, resolve in order")
    @MainActor
    func severalArguments() throws {
        let container = app()
        container.register(Lesson.self) { (r, id: Int, title: String, minutes: Double) in
            Lesson(id: id, title: title, minutes: minutes, logger: try r.resolve((any ValLogger).self))
        }
        let lesson = try container.resolve(Lesson.self, arguments: 7, "Packs", 2.5)
        #expect((lesson.id, lesson.title, lesson.minutes) == (7, "Packs", 2.5))
        let receipt = try container.resolve(Receipt.self, arguments: Heading(id: 1, title: "one"))
        #expect((receipt.id, receipt.title) == (1, "one"))
        let editor = try container.resolve(EditorModel.self, arguments: Heading(id: 2, title: "two"))
        #expect((editor.id, editor.title) == (2, "two"))
    }

    @Test("the app's decorators do not wrap a test override's replacement")
    func decoratorsSkipReplacements() throws {
        let container = Container()
        container.register((any Greeter).self) { _ in PlainGreeter(greeting: "hello") }
        container.decorate((any Greeter).self) { _, inner in LoudGreeter(inner) }
        #expect(try container.resolve((any Greeter).self).greeting == "hello!")
        let greeting = try container.withOverrides {
            $0.register((any Greeter).self) { _ in PlainGreeter(greeting: "mock") }
        } operation: {
            try container.resolve((any Greeter).self).greeting
        }
        #expect(greeting == "mock")
    }
}

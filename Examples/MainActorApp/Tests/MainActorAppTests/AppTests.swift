import DIContainer
import DIContainerTesting
import Synchronization
import Testing

@testable import MainActorApp

// This test target keeps the default (nonisolated) isolation, as new test targets do; the app's
// assembly and constants are main-actor isolated.

extension OneTimeAssembly {
    static let app = OneTimeAssembly { container in  // Container.shared by default; runs on the main actor
        container.apply(AppAssembly())
        try await container.validateAsync()  // every problem at once; what it cannot check is returned
    }
}

/// A catalogue double that remembers who used it.
final class MockCatalog: CourseCatalog {
    private let users = Mutex<[Int]>([])

    var usedBy: [Int] { users.withLock { $0 } }

    func use(by test: Int) { users.withLock { $0.append(test) } }

    func titles() -> [String] { ["Mock course"] }
}

@Suite(.assembled(.app), .freshInstances)  // each test: its own singletons
struct AppTests {
    @Test("the documented validation passes; only the closure with a runtime argument is left unchecked")
    @MainActor
    func validates() async throws {
        let container = Container()
        container.apply(AppAssembly())
        let unchecked = try await container.validateAsync()
        #expect(unchecked.map(\.service.typeName) == ["CourseViewModel"])
        await #expect(throws: ValidationError.self) { try await container.validateAsync(strict: true) }
    }

    @Test("without the services it fails, naming each path")
    @MainActor
    func servicesLeftOut() async throws {
        let container = Container()
        container.apply(ScreensAssembly())
        let error = try await #require(throws: ValidationError.self) { try await container.validateAsync() }
        let paths = error.problems.map { $0.path.map(\.typeName).joined(separator: " → ") }
        #expect(paths == ["LessonViewModel → CourseCatalog", "ReportsViewModel → CourseCatalog", "ReportsViewModel → ReportExporter"])
    }

    @Test("the async singleton is opened once")
    func asyncSingleton() async throws {
        let first = try await Container.shared.resolveAsync(Database.self)
        let second = try await Container.shared.resolveAsync(Database.self)
        #expect(first === second)
        #expect(first.path == "app.sqlite")
    }

    @Test("a main-actor view model takes its runtime argument; the app's decorator wraps the catalogue")
    @MainActor
    func viewModelWithArgument() throws {
        let model = try Screens().course(1)
        #expect(model.courseID == 1)
        #expect(model.title == "Testing")
        let counting = try #require(try Container.shared.resolve((any CourseCatalog).self) as? CountingCatalog)
        #expect(counting.requests == 1)
        let lesson = try Screens().lesson("Actors", of: 0)
        #expect((lesson.courseID, lesson.lesson) == (0, "Actors"))
    }

    @Test("the session scope keeps one cart until it is reset")
    @MainActor
    func sessionScope() throws {
        let screens = Screens()
        try screens.course(0).addToCart()
        try screens.course(2).addToCart()
        #expect(try Container.shared.resolve(Cart.self).courseIDs == [0, 2])
        Container.shared.reset(.scoped(.session))
        #expect(try Container.shared.resolve(Cart.self).courseIDs == [])
    }

    @Test("the exporter behind a Lazy is built on first use, from the offline catalogue")
    @MainActor
    func lazyExporter() throws {
        let reports = try Screens().reports()
        #expect(try reports.export() == "Swift Concurrency\nTesting\nMacros")
        #expect(try Container.shared.resolve(ReportExporter.self).source.titles() == ["Swift Concurrency"])
    }

    @Test(
        "20 parallel tests each see only their own mock (the app's decorator does not wrap it)",
        .overriding { $0.register((any CourseCatalog).self, lifetime: .singleton) { _ in MockCatalog() } },
        arguments: 0..<20)
    func parallelOverrides(test: Int) async throws {
        let mock = try #require(try Container.shared.resolve((any CourseCatalog).self) as? MockCatalog)
        mock.use(by: test)
        await Task.yield()
        let again = try #require(try Container.shared.resolve((any CourseCatalog).self) as? MockCatalog)
        #expect(again === mock)
        #expect(mock.usedBy == [test])
        let title = try await MainActor.run { try Screens().course(0).title }
        #expect(title == "Mock course")
    }
}

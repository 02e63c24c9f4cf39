import AppAssembly
import DIContainer
import DIContainerTesting
import Infrastructure
import Locking
import Presentation
import TestSupport
import Testing

extension Container {
    /// The app as assembled for these tests.
    static let app: Container = {
        let container = Container()
        container.apply(AppAssembly())
        return container
    }()
}

/// The lines the transport double answers with.
private let doubleLines = ["3|Layers", "4|Assemblies"]

@Suite("The layered app's assembly")
struct AppAssemblyTests {
    @Test("the assembled graph validates")
    func validates() throws {
        let container = Container()
        container.apply(AppAssembly())
        try container.validate()
    }

    @Test("the presenter delivers the fixture courses through every layer")
    func presenterOverFixtures() throws {
        let container = Container()
        container.apply(AppAssembly())
        let titles = try load(from: container)
        #expect(titles == ["Swift", "Testing"])
        let transport = try #require(try container.resolve((any Transport).self) as? FixtureTransport)
        #expect(transport.requestCount == 1)
    }

    @Test(
        "an override replaces the transport for this test only",
        .overriding(container: .app) {
            $0.register((any Transport).self, lifetime: .singleton) { _ in RecordingTransport(lines: doubleLines) }
        })
    func presenterOverTheDouble() throws {
        #expect(try load(from: .app) == ["Assemblies", "Layers"])
        let transport = try #require(try Container.app.resolve((any Transport).self) as? RecordingTransport)
        #expect(transport.paths == ["courses"])
    }

    /// The titles the app's presenter delivers (its scheduler runs at once).
    private func load(from container: Container) throws -> [String] {
        let presenter = try container.resolve(CoursesPresenter.self)
        let delivered = Locked<Result<[String], any Error>?>(nil)
        presenter.load { result in delivered.withLock { $0 = result } }
        return try #require(delivered.withLock { $0 }).get()
    }
}

#if canImport(XCTest)
import DIContainer
import DIContainerTesting
import XCTest

@testable import MainActorApp

/// The XCTest form: each test method runs in its own override scope, after the one assembly.
final class AppXCTests: ContainerTestCase {
    override var assembly: OneTimeAssembly? { .app }

    override func registerOverrides(in container: Container) throws {
        container.register((any CourseCatalog).self, lifetime: .singleton) { _ in MockCatalog() }
    }

    func testSeesTheMock() async throws {
        let title = try await MainActor.run { try Screens().course(0).title }
        XCTAssertEqual(title, "Mock course")
        XCTAssertTrue(try Container.shared.resolve((any CourseCatalog).self) is MockCatalog)
    }
}
#endif

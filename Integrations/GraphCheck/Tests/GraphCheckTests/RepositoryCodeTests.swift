import Foundation
import Testing

@testable import GraphCheckCore

/// The checker on this repository's own apps: no error (warnings are allowed: what it cannot
/// evaluate).
@Suite("This repository's apps")
struct RepositoryCodeTests {
    /// The reference app's composition root and the source modules it depends on.
    static let apps: [String: [String]] = [
        "Sources/AppAssembly": ["Sources/AppAssembly", "Sources/Layers"],
        "Examples/MainActorApp": ["Examples/MainActorApp/Sources"],
        "the server example": ["Integrations/DIContainerHummingbird/Sources/ServerAppCore"],
    ]

    @Test("the checker reports no error on the repository's apps", arguments: apps.keys.sorted())
    func noErrors(app: String) throws {
        let files = (Self.apps[app] ?? []).flatMap { TestPaths.swiftFiles(under: TestPaths.repository.appending(path: $0)) }
        #expect(files.count >= 3)
        let report = try GraphCheck.check(files: files.map { GraphCheck.Input(path: $0) })
        #expect(report.findings.filter { $0.severity == .error }.isEmpty, "\(report.findings)")
        #expect(report.registrationCount > 3)
    }
}

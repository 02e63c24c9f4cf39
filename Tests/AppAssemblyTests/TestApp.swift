import AppAssembly
import DIContainer
import Foundation
import TestSupport

/// The reference app's configuration for tests: the demo's fixtures, a temporary cache folder.
enum TestApp {
    /// The demo's embedded fixtures, in the source tree.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/demo/Fixtures", isDirectory: true)

    /// A configuration over the fixtures, caching in `cache`.
    static func configuration(cache: URL) -> AppConfiguration {
        AppConfiguration(backend: .fixtures(directory: fixtures), cacheDirectory: cache)
    }

    /// A fresh container with the whole app assembled, caching in `cache`.
    static func container(cache: URL) -> Container {
        let container = Container()
        AppAssembly(configuration: configuration(cache: cache)).assemble(into: container)
        return container
    }

    /// Assembles `Container.shared` once per test process (fixtures, a temporary cache folder).
    /// Every test that uses `.shared` calls it first; assembling again would only replace the
    /// same registrations, but once is enough.
    static func assembleShared() throws {
        try sharedAssembly.get()
    }

    private static let sharedAssembly: Result<Void, any Error> = Result {
        let cache = try TemporaryDirectory(prefix: "AppAssemblyTests-shared")
        AppAssembly(configuration: configuration(cache: cache.url)).assemble(into: .shared)
    }
}

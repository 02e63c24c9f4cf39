import DIContainer
import DIContainerLocking
import DIContainerTestSupport
import DIContainerTesting
import DIDemoAppAssembly
import Foundation

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
}

extension OneTimeAssembly {
    /// The whole app in `Container.shared`, assembled and validated once per test process (over
    /// the fixtures, caching in a temporary folder). Tests ask for it with `.assembled(.app)` and
    /// replace what they need with `.overriding { … }`; none assembles `.shared` itself.
    static let app = OneTimeAssembly { container in
        let cache = try TemporaryDirectory(prefix: "AppAssemblyTests-shared")
        sharedCache.withLock { $0 = cache }
        // The folder lives as long as the test process; removed when it exits.
        atexit { sharedCache.withLock { $0?.remove() } }
        AppAssembly(configuration: TestApp.configuration(cache: cache.url)).assemble(into: container)
        // The documented recipe: live-only services come back as what tests override.
        try await container.validateAsync()
    }
}

/// The cache folder of `OneTimeAssembly.app`, once made.
private let sharedCache = Locked<TemporaryDirectory?>(nil)

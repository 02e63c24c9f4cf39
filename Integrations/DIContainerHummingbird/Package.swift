// swift-tools-version:6.0
import Foundation
import PackageDescription

// DIContainerHummingbird: a request scope per Hummingbird 2 request, open until the response's
// body has been written. The package also holds the example server (ServerApp) and the load
// client that measures it (ServerBenchmark), so that Hummingbird, SwiftNIO and BoringSSL are
// built once for all three. It depends on the toolkit and on Integrations/ServiceLifecycle by
// path; a path dependency's package identity is the name of its folder (the repository's
// checkout folder, whatever it is called, and "ServiceLifecycle" for the integration), and
// `.product(package:)` names it. For the same reason this package's folder is not called
// "Hummingbird": its identity would be "hummingbird", Hummingbird's own.
let toolkitPath = "../.."
let toolkit = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(toolkitPath).standardizedFileURL
    .lastPathComponent

let package = Package(
    name: "DIContainerHummingbird",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DIContainerHummingbird", targets: ["DIContainerHummingbird"]),
        .executable(name: "ServerApp", targets: ["ServerApp"]),
        .executable(name: "ServerBenchmark", targets: ["ServerBenchmark"]),
    ],
    dependencies: [
        .package(path: toolkitPath),
        .package(path: "../ServiceLifecycle"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        // The integration: the request-scope responder and what it needs.
        .target(
            name: "DIContainerHummingbird",
            dependencies: [
                .product(name: "DIContainer", package: toolkit),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "DIContainerHummingbirdTests",
            dependencies: [
                "DIContainerHummingbird",
                .product(name: "DIContainer", package: toolkit),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The example server: everything but the entry point (the services, the assembly, the
        // routes), then the entry point.
        .target(
            name: "ServerAppCore",
            dependencies: [
                "DIContainerHummingbird",
                .product(name: "DIContainer", package: toolkit),
                .product(name: "DIContainerServiceLifecycle", package: "ServiceLifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "ServerApp",
            dependencies: [
                "ServerAppCore",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The load client of the server benchmark (keep-alive connections, CPU per request).
        .executableTarget(
            name: "ServerBenchmark",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Depends on the executable so that `swift test` builds it: the process tests run it.
        .testTarget(
            name: "ServerAppTests",
            dependencies: [
                "ServerAppCore", "ServerApp",
                .product(name: "DIContainer", package: toolkit),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

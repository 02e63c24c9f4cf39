// swift-tools-version:6.0
import Foundation
import PackageDescription

// A Hummingbird 2 server wired through DIContainer, run in a ServiceGroup with the container's
// lifecycle (Integrations/ServiceLifecycle). It depends on the toolkit by path; a path
// dependency's package identity is the name of its folder (the repository's checkout folder,
// whatever it is called, and "ServiceLifecycle" for the integration), and `.product(package:)`
// names it.
let toolkitPath = "../.."
let toolkit = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(toolkitPath).standardizedFileURL
    .lastPathComponent

let package = Package(
    name: "ServerApp",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "ServerApp", targets: ["ServerApp"])
    ],
    dependencies: [
        .package(path: toolkitPath),
        .package(path: "../../Integrations/ServiceLifecycle"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        // Everything but the entry point: the services, the assembly, the routes, the middleware.
        .target(
            name: "ServerAppCore",
            dependencies: [
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
        // Depends on the executable so that `swift test` builds it: the shutdown test runs it.
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

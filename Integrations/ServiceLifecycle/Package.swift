// swift-tools-version:6.0
import Foundation
import PackageDescription

// Runs a DIContainer's lifecycle (start, then shutdown on graceful shutdown) as a
// swift-service-lifecycle `Service`. It depends on the toolkit by path; a path dependency's
// package identity is the name of its folder (the repository's checkout folder, whatever it is
// called), and `.product(package:)` names it.
let toolkitPath = "../.."
let toolkit = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(toolkitPath).standardizedFileURL
    .lastPathComponent

let package = Package(
    name: "DIContainerServiceLifecycle",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DIContainerServiceLifecycle", targets: ["DIContainerServiceLifecycle"])
    ],
    dependencies: [
        .package(path: toolkitPath),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "DIContainerServiceLifecycle",
            dependencies: [
                .product(name: "DIContainer", package: toolkit),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "DIContainerServiceLifecycleTests",
            dependencies: [
                "DIContainerServiceLifecycle",
                .product(name: "DIContainer", package: toolkit),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

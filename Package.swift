// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DIContainer",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DIContainer", targets: ["DIContainer"]),
    ],
    targets: [
        .target(name: "DIContainer"),
        .testTarget(name: "DIContainerTests", dependencies: ["DIContainer"]),
    ],
    swiftLanguageModes: [.v6]
)

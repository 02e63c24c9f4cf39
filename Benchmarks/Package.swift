// swift-tools-version:6.0
import PackageDescription

// A separate package so that the main package keeps zero dependencies: it compares this
// container with Swinject, swift-dependencies and hand-wired construction, in one process, in one table.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        // `name:` pins the identity, whatever the folder holding the main package is called.
        .package(name: "DIContainer", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies.git", exact: "1.17.1"),
    ],
    targets: [
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                .product(name: "DIContainer", package: "DIContainer"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                "MinimalContainer",
            ]
        ),
        // The floor of a container with this API shape (no thread safety, no checks), in a module
        // of its own so that the benchmark's calls run it unspecialized, as they run DIContainer.
        .target(name: "MinimalContainer"),
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks", "MinimalContainer"]),
    ],
    swiftLanguageModes: [.v6]
)

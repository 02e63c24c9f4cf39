// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "DIContainer",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DIContainer", targets: ["DIContainer"]),
        .executable(name: "demo", targets: ["demo"]),
        // Test support: Swift Testing traits and an XCTest base class over `withOverrides`.
        .library(name: "DIContainerTesting", targets: ["DIContainerTesting"]),
    ],
    // Target names: every target but the products carries a `DIContainer` or `DIDemo` prefix (the
    // folders keep the layers' names), because SwiftPM refuses two targets of one name anywhere
    // in a package graph and an app depending on this package may well have its own `Domain`,
    // `UseCase`, `Locking` or `AppAssembly` target (Examples/LayeredApp, built in CI, has them all).
    // Test targets need no prefix: a dependency's test targets are not part of the app's graph.
    targets: [
        // The package's one lock type (package access: not part of any product's public API).
        .target(name: "DIContainerLocking", path: "Sources/Locking"),
        .target(name: "DIContainer", dependencies: ["DIContainerLocking"], exclude: ["Internal/README.md"]),
        .testTarget(name: "DIContainerTests", dependencies: ["DIContainer", "DIContainerLocking"]),

        // The reference app's layers. Each folder is its own target so the compiler enforces
        // Domain ← Infrastructure ← Repository ← UseCase ← Presentation (Scheduling usable by all).
        .target(name: "DIDemoScheduling", dependencies: ["DIContainerLocking"], path: "Sources/Layers/Scheduling"),
        .target(name: "DIDemoDomain", path: "Sources/Layers/Domain"),
        .target(name: "DIDemoInfrastructure", dependencies: ["DIContainerLocking"], path: "Sources/Layers/Infrastructure"),
        .target(
            name: "DIDemoRepository", dependencies: ["DIDemoDomain", "DIDemoInfrastructure", "DIDemoScheduling"],
            path: "Sources/Layers/Repository"),
        .target(name: "DIDemoUseCase", dependencies: ["DIDemoDomain"], path: "Sources/Layers/UseCase"),
        .target(
            name: "DIDemoPresentation", dependencies: ["DIDemoDomain", "DIDemoUseCase", "DIDemoScheduling", "DIContainerLocking"],
            path: "Sources/Layers/Presentation"),
        .testTarget(
            name: "LayersTests",
            dependencies: [
                "DIDemoScheduling", "DIDemoDomain", "DIDemoInfrastructure", "DIDemoRepository", "DIDemoUseCase", "DIDemoPresentation",
                "DIContainerTestSupport", "DIContainerLocking",
            ]
        ),

        // The one place that knows concrete types: an assembly per layer and PresenterFactory.
        .target(
            name: "DIDemoAppAssembly",
            dependencies: [
                "DIContainer", "DIDemoScheduling", "DIDemoDomain", "DIDemoInfrastructure", "DIDemoRepository", "DIDemoUseCase",
                "DIDemoPresentation",
            ],
            path: "Sources/AppAssembly"
        ),
        .testTarget(
            name: "AppAssemblyTests",
            dependencies: [
                "DIDemoAppAssembly", "DIContainer", "DIContainerTesting", "DIContainerTestSupport", "DIContainerLocking",
                "DIDemoScheduling", "DIDemoDomain", "DIDemoInfrastructure", "DIDemoUseCase", "DIDemoPresentation",
            ]
        ),
        // The demo app; its fixtures ship as a resource.
        .executableTarget(
            name: "demo",
            dependencies: [
                "DIDemoAppAssembly", "DIContainer", "DIDemoScheduling", "DIDemoDomain", "DIDemoInfrastructure", "DIDemoUseCase",
                "DIDemoPresentation", "DIContainerLocking",
            ],
            resources: [.copy("Fixtures")]
        ),
        // Runs the built demo as a subprocess (depending on it makes `swift test` build it).
        .testTarget(
            name: "DemoTests",
            dependencies: [
                "demo", "DIDemoAppAssembly", "DIContainer", "DIContainerTesting", "DIContainerTestSupport", "DIContainerLocking",
            ]),
        // Test support (toolchain only: Testing, XCTest). It links DIContainer as a dependency,
        // never a copy of it. Swift Testing's test scoping needs tools version 6.1.
        .target(name: "DIContainerTesting", dependencies: ["DIContainer", "DIContainerLocking"]),
        .testTarget(name: "DIContainerTestingTests", dependencies: ["DIContainerTesting", "DIContainer", "DIContainerLocking"]),

        // A small app built the way Swift 6.2 app targets often are, with default main-actor
        // isolation: registered and resolved from the main actor.
        .testTarget(
            name: "MainActorAppTests", dependencies: ["DIContainer"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),

        // Test helpers shared by test targets: the Python HTTP test server and its launcher.
        .target(
            name: "DIContainerTestSupport",
            dependencies: ["DIDemoPresentation", "DIDemoScheduling", "DIDemoUseCase", "DIContainerLocking"],
            path: "Tests/TestSupport", exclude: ["test_server.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "DIContainer",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DIContainer", targets: ["DIContainer"]),
        .library(name: "Layers", targets: ["Scheduling", "Domain", "Infrastructure", "Repository", "UseCase", "Presentation"]),
        .library(name: "AppAssembly", targets: ["AppAssembly"]),
        .executable(name: "demo", targets: ["demo"]),
        // Test support: Swift Testing traits and an XCTest base class over `withOverrides`.
        .library(name: "DIContainerTesting", targets: ["DIContainerTesting"]),
    ],
    targets: [
        // The package's one lock type (package access: not part of any product's public API).
        .target(name: "Locking"),
        .target(name: "DIContainer", dependencies: ["Locking"], exclude: ["Internal/README.md"]),
        .testTarget(name: "DIContainerTests", dependencies: ["DIContainer", "Locking"]),

        // The reference app's layers. Each folder is its own target so the compiler enforces
        // Domain ← Infrastructure ← Repository ← UseCase ← Presentation (Scheduling usable by all).
        .target(name: "Scheduling", dependencies: ["Locking"], path: "Sources/Layers/Scheduling"),
        .target(name: "Domain", path: "Sources/Layers/Domain"),
        .target(name: "Infrastructure", dependencies: ["Locking"], path: "Sources/Layers/Infrastructure"),
        .target(name: "Repository", dependencies: ["Domain", "Infrastructure", "Scheduling"], path: "Sources/Layers/Repository"),
        .target(name: "UseCase", dependencies: ["Domain"], path: "Sources/Layers/UseCase"),
        .target(name: "Presentation", dependencies: ["Domain", "UseCase", "Scheduling", "Locking"], path: "Sources/Layers/Presentation"),
        .testTarget(
            name: "LayersTests",
            dependencies: ["Scheduling", "Domain", "Infrastructure", "Repository", "UseCase", "Presentation", "TestSupport", "Locking"]
        ),

        // The one place that knows concrete types: an assembly per layer and PresenterFactory.
        .target(
            name: "AppAssembly",
            dependencies: ["DIContainer", "Scheduling", "Domain", "Infrastructure", "Repository", "UseCase", "Presentation"]
        ),
        .testTarget(
            name: "AppAssemblyTests",
            dependencies: [
                "AppAssembly", "DIContainer", "DIContainerTesting", "Scheduling", "Domain", "Infrastructure", "UseCase", "Presentation",
                "TestSupport", "Locking",
            ]
        ),
        // The demo app; its fixtures ship as a resource.
        .executableTarget(
            name: "demo",
            dependencies: ["AppAssembly", "DIContainer", "Scheduling", "Domain", "Infrastructure", "UseCase", "Presentation", "Locking"],
            resources: [.copy("Fixtures")]
        ),
        // Runs the built demo as a subprocess (depending on it makes `swift test` build it).
        .testTarget(
            name: "DemoTests", dependencies: ["demo", "AppAssembly", "DIContainer", "DIContainerTesting", "TestSupport", "Locking"]),
        // Test support (toolchain only: Testing, XCTest). It links DIContainer as a dependency,
        // never a copy of it. Swift Testing's test scoping needs tools version 6.1.
        .target(name: "DIContainerTesting", dependencies: ["DIContainer", "Locking"]),
        .testTarget(name: "DIContainerTestingTests", dependencies: ["DIContainerTesting", "DIContainer", "Locking"]),

        // A small app built the way Swift 6.2 app targets often are, with default main-actor
        // isolation: registered and resolved from the main actor.
        .testTarget(
            name: "MainActorAppTests", dependencies: ["DIContainer"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),

        // Test helpers shared by test targets: the Python HTTP test server and its launcher.
        .target(
            name: "TestSupport", dependencies: ["Presentation", "Scheduling", "UseCase", "Locking"],
            path: "Tests/TestSupport", exclude: ["test_server.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import Foundation
import PackageDescription

// An app laid out as the docs recommend, one target per layer, with the names apps give them:
// Domain, Infrastructure, Repository, UseCase, Presentation, Scheduling and AppAssembly, plus
// Locking and TestSupport. SwiftPM refuses two targets of one name anywhere in a package graph,
// so building this package checks that the toolkit takes none of these names. It depends on the
// toolkit by path; a path dependency's package identity is the name of its folder (the
// repository's checkout folder here, whatever it is called), and `.product(package:)` names it.
let toolkitPath = "../.."
let toolkit = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(toolkitPath).standardizedFileURL
    .lastPathComponent

let package = Package(
    name: "LayeredApp",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(path: toolkitPath)],
    targets: [
        .target(name: "Locking"),
        .target(name: "Scheduling"),
        .target(name: "Domain"),
        .target(name: "Infrastructure", dependencies: ["Locking"]),
        .target(name: "Repository", dependencies: ["Domain", "Infrastructure"]),
        .target(name: "UseCase", dependencies: ["Domain"]),
        .target(name: "Presentation", dependencies: ["UseCase", "Scheduling"]),
        // The one target that knows the concrete types, and the only one that imports the toolkit.
        .target(
            name: "AppAssembly",
            dependencies: [
                "Scheduling", "Domain", "Infrastructure", "Repository", "UseCase", "Presentation",
                .product(name: "DIContainer", package: toolkit),
            ]
        ),
        .target(name: "TestSupport", dependencies: ["Infrastructure", "Locking"]),
        .testTarget(
            name: "AppAssemblyTests",
            dependencies: [
                "AppAssembly", "Infrastructure", "Locking", "Presentation", "TestSupport",
                .product(name: "DIContainer", package: toolkit),
                .product(name: "DIContainerTesting", package: toolkit),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

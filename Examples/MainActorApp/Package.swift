// swift-tools-version:6.2
import Foundation
import PackageDescription

// An app as new Xcode app targets write it: default main-actor isolation. It depends on the
// toolkit by path; a path dependency's package identity is the name of its folder (the
// repository's checkout folder here, whatever it is called), and `.product(package:)` names it.
let toolkitPath = "../.."
let toolkit = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(toolkitPath).standardizedFileURL
    .lastPathComponent

let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: toolkitPath)],
    targets: [
        .target(
            name: "MainActorApp",
            dependencies: [.product(name: "DIContainer", package: toolkit)],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        .testTarget(
            name: "MainActorAppTests",
            dependencies: [
                "MainActorApp", .product(name: "DIContainer", package: toolkit),
                .product(name: "DIContainerTesting", package: toolkit),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

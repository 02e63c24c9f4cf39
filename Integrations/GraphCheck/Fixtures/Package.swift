// swift-tools-version:6.0
import Foundation
import PackageDescription

// Fixture apps for the graph checker, one composition root per case, each marked
// `// graphcheck: root` in its main.swift; the lines the checker must report carry
// `// expect: error <kind>` or `// expect: warning <kind>`. The tests read these sources;
// `swift package --disable-sandbox check-graph --target MissingApp` runs the command plugin on
// one, and `swift build --target CleanApp` runs the build plugin. Not built in CI.
let toolkitPath = "../../.."
let toolkit = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent(toolkitPath).standardizedFileURL
    .lastPathComponent
let container = Target.Dependency.product(name: "DIContainer", package: toolkit)
let check = Target.PluginUsage.plugin(name: "GraphCheckPlugin", package: "GraphCheck")

let package = Package(
    name: "GraphCheckFixtures",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: toolkitPath), .package(path: "..")],
    targets: [
        .executableTarget(name: "CleanApp", dependencies: [container, "CleanFeature"], plugins: [check]),
        .target(name: "CleanFeature", dependencies: [container]),
        .executableTarget(name: "MissingApp", dependencies: [container, "MissingCore", "MissingFeature"], plugins: [check]),
        .target(name: "MissingCore", dependencies: [container]),
        .target(name: "MissingFeature", dependencies: [container, "MissingCore"]),
        .executableTarget(name: "DuplicateApp", dependencies: [container, "DuplicateCore", "DuplicateFeature"], plugins: [check]),
        .target(name: "DuplicateCore", dependencies: [container]),
        .target(name: "DuplicateFeature", dependencies: [container, "DuplicateCore"]),
        .executableTarget(name: "MisspelledApp", dependencies: [container], plugins: [check]),
        .executableTarget(name: "ArgumentsApp", dependencies: [container], plugins: [check]),
        .executableTarget(name: "CycleApp", dependencies: [container], plugins: [check]),
        .executableTarget(name: "CaptiveApp", dependencies: [container], plugins: [check]),
        .executableTarget(name: "DynamicApp", dependencies: [container], plugins: [check]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

// The build-time graph checker: a command-line tool that reads an app's Swift sources with
// swift-syntax and reports the registrations `Container.validate()` would report, as
// compiler-style errors at the lines that made them; a build-tool plugin that runs it on the
// composition root, and a command plugin (`swift package check-graph`) for CI. It does not
// depend on the toolkit: it reads source text. Its tests do, to compare with `validate()`.
let package = Package(
    name: "GraphCheck",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "graphcheck", targets: ["graphcheck"]),
        .plugin(name: "GraphCheckPlugin", targets: ["GraphCheckPlugin"]),
        .plugin(name: "CheckGraph", targets: ["CheckGraph"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "602.0.0")
    ],
    targets: [
        .target(
            name: "GraphCheckCore",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "graphcheck", dependencies: ["GraphCheckCore"]),
        .plugin(
            name: "GraphCheckPlugin",
            capability: .buildTool(),
            dependencies: ["graphcheck"]
        ),
        .plugin(
            name: "CheckGraph",
            capability: .command(
                intent: .custom(verb: "check-graph", description: "Checks the container's registrations at the composition root")
            ),
            dependencies: ["graphcheck"]
        ),
        .testTarget(
            name: "GraphCheckTests",
            dependencies: [
                "GraphCheckCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

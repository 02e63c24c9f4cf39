import Foundation

/// Where the app runs — under tests, in an Xcode preview, in a debug build, with a launch
/// argument — as registrations see it: a registration's variant for a context answers while the
/// context is active (`Registration.when(_:lifetime:file:line:factory:)`).
///
/// ```swift
/// extension Context { static let uiTests: Context = "ui-tests" }   // a context of your own
/// ```
///
/// Among active variants the first in this order answers: a launch argument or environment
/// variable, a preview, a test, a debug build, a context of your own (the variant added first).
/// `Container.activeContexts` is detected at launch; `Container.withContexts` replaces it.
public struct Context: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let description: String
    /// The precedence among active variants: lower answers first.
    let rank: Int

    /// Running under XCTest or Swift Testing, whether or not the test uses `DIContainerTesting`.
    public static let test = Context(description: "test", rank: 2)
    /// Running in an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`).
    public static let preview = Context(description: "preview", rank: 1)
    /// The `DIContainer` library was compiled with `DEBUG` (as SwiftPM and Xcode build the app).
    public static let debug = Context(description: "debug", rank: 3)

    /// Launched with `-name` or `--name` (or `--name=value`) among the process arguments.
    public static func argument(_ name: String) -> Context { Context(description: "argument --\(name.drop { $0 == "-" })", rank: 0) }

    /// Launched with the environment variable `name` set to `1`, `true` or `yes`.
    public static func environment(_ name: String) -> Context { Context(description: "environment \(name)", rank: 0) }

    /// A context of your own, active when `withContexts` (or a test trait) says so.
    public init(_ name: String) { self.init(description: name, rank: 4) }

    public init(stringLiteral name: String) { self.init(name) }

    init(description: String, rank: Int) {
        self.description = description
        self.rank = rank
    }

    /// The contexts of a process launched with `arguments` (the executable's path first) and
    /// `environment`, as `Container.activeContexts` detects them but for `.debug` and XCTest.
    public static func detect(arguments: [String], environment: [String: String]) -> Set<Context> {
        var contexts = Set(
            arguments.dropFirst().filter { $0.count > 1 && $0.hasPrefix("-") }.map { argument(String($0.prefix { $0 != "=" })) })
        contexts.formUnion(environment.filter { ["1", "true", "yes"].contains($0.value.lowercased()) }.keys.map(Context.environment))
        if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { contexts.insert(.preview) }
        // A SwiftPM or Xcode test runner: its executable, Swift Testing's entry point, Xcode's configuration.
        let executable = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        if executable.hasSuffix(".xctest") || executable == "xctest" || arguments.contains("--testing-library")
            || environment["XCTestConfigurationFilePath"] != nil || environment["XCTestBundlePath"] != nil
        {
            contexts.insert(.test)
        }
        return contexts
    }
}

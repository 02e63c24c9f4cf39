import Foundation

/// Where the app runs — under tests, in an Xcode preview, in a debug build, with a launch
/// argument — as registrations see it: a registration's variant for a context answers while that
/// context is active (`Registration.when(_:lifetime:file:line:factory:)`).
///
/// ```swift
/// extension Context { static let uiTests: Context = "ui-tests" }   // a context of your own
/// container.register((any Transport).self, lifetime: .singleton) { _ in URLSessionTransport() }
///     .when(.test) { _ in FixtureTransport(directory: fixtures) }
///     .when(.argument("mock-server")) { _ in FixtureTransport(directory: fixtures) }
/// ```
///
/// When several variants' contexts are active, the first in this order answers: a launch
/// argument or environment variable, a preview, a test, a debug build, a context of your own
/// (among several of your own, the variant added first). `Container.activeContexts` is detected
/// once at launch; `Container.withContexts(_:operation:)` replaces it for a task.
public struct Context: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case argument(String), environment(String), preview, test, debug, named(String)
    }

    let kind: Kind

    /// Running under a test: XCTest or Swift Testing, detected whether or not the test uses
    /// `DIContainerTesting`.
    public static let test = Context(kind: .test)
    /// Running in an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`).
    public static let preview = Context(kind: .preview)
    /// The `DIContainer` library was compiled with `DEBUG` defined: SwiftPM and Xcode build it
    /// with the app's configuration, so this is a debug build of the app (a prebuilt binary of
    /// the library would report its own configuration).
    public static let debug = Context(kind: .debug)

    /// Launched with `-name` or `--name` among the process arguments.
    ///
    /// - Parameter name: The argument without its dashes, e.g. `"mock-server"`.
    public static func argument(_ name: String) -> Context {
        Context(kind: .argument(name.drop { $0 == "-" }.description))
    }

    /// Launched with the environment variable `name` set to `1`, `true` or `yes`.
    ///
    /// - Parameter name: The variable's name, e.g. `"MOCK_SERVER"`.
    public static func environment(_ name: String) -> Context {
        Context(kind: .environment(name))
    }

    /// A context of your own, active when `withContexts` (or a test trait) says so.
    ///
    /// - Parameter name: The context's name.
    public init(_ name: String) {
        kind = .named(name)
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    init(kind: Kind) {
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .argument(let name): "argument --\(name)"
        case .environment(let name): "environment \(name)"
        case .preview: "preview"
        case .test: "test"
        case .debug: "debug"
        case .named(let name): name
        }
    }

    /// The precedence among active variants: lower answers first.
    var rank: Int {
        switch kind {
        case .argument, .environment: 0
        case .preview: 1
        case .test: 2
        case .debug: 3
        case .named: 4
        }
    }

    /// The contexts a process launched with `arguments` and `environment` is in, as
    /// `Container.activeContexts` detects them (but for `.debug`, and XCTest loaded in-process).
    ///
    /// ```swift
    /// Context.detect(arguments: ["app", "--mock-server"], environment: [:])   // [.argument("mock-server")]
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The process arguments, the executable's path first.
    ///   - environment: The environment variables.
    /// - Returns: The contexts.
    public static func detect(arguments: [String], environment: [String: String]) -> Set<Context> {
        var contexts: Set<Context> = []
        for argument in arguments.dropFirst() where argument.hasPrefix("-") && argument.count > 1 {
            contexts.insert(.argument(String(argument.split(separator: "=", maxSplits: 1)[0])))
        }
        for (name, value) in environment where ["1", "true", "yes"].contains(value.lowercased()) {
            contexts.insert(.environment(name))
        }
        if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { contexts.insert(.preview) }
        // A SwiftPM or Xcode test runner: its executable, the Swift Testing entry point's
        // arguments, Xcode's test configuration.
        let executable = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        if executable.hasSuffix(".xctest") || executable == "xctest" || arguments.contains("--testing-library")
            || environment["XCTestConfigurationFilePath"] != nil || environment["XCTestBundlePath"] != nil
        {
            contexts.insert(.test)
        }
        return contexts
    }
}

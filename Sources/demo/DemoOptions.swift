import DIContainer
import DIDemoInfrastructure
import Foundation

/// The parsed command line: a command and the options that configure the app.
///
/// Hand-rolled, because the package takes no dependencies. Options may come before or after the
/// command, as `--name value` or `--name=value`.
///
/// ```swift
/// let options = try DemoOptions.parse(["graph", "--format", "dot"])   // .graph(.dot)
/// ```
struct DemoOptions: Equatable {
    /// What to do.
    var command: DemoCommand = .run
    /// The server to use instead of the embedded fixtures.
    var baseURL: URL?
    /// `--mock-server`: the embedded fixtures, as without `--base-url`, asked for explicitly.
    var isMockServer = false
    /// The cache folder; the per-user default when `nil`.
    var cacheDirectory: URL?
    /// Simulated latency of fixture answers, in milliseconds (at most `maxLatencyMilliseconds`).
    var latencyMilliseconds = 0
    /// What to leave out of the assembly (`--without`), to see a failing validation.
    var without: String?

    /// The longest `--latency`: one minute, so a mistyped value cannot leave the demo asleep.
    static let maxLatencyMilliseconds = 60_000

    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: For example `["detail", "103", "--cache-dir", "/tmp/cache"]`.
    /// - Returns: The options.
    /// - Throws: `UsageError` naming the unknown command or option, the option missing a value,
    ///   or the malformed value.
    static func parse(_ arguments: [String]) throws(UsageError) -> DemoOptions {
        var options = DemoOptions()
        var positionals: [String] = []
        var format: GraphFormat?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard isOption(argument) else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError("\(name) needs a value")
                }
                return next
            }
            switch name {
            case "-h", "--help":
                options.command = .help
                return options
            case "--base-url":
                options.baseURL = try parseURL(value(), option: name)
            case "--mock-server":
                // Read by the container as a launch argument (`Context.mockServer`); the embedded
                // fixtures are the mock server.
                options.isMockServer = true
            case "--cache-dir":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("\(name) needs a folder, got an empty value") }
                options.cacheDirectory = URL(fileURLWithPath: path, isDirectory: true)
            case "--latency":
                options.latencyMilliseconds = try parseCount(
                    value(), option: name, what: "milliseconds", atMost: maxLatencyMilliseconds)
            case "--without":
                let text = try value()
                guard DemoAssembly.omittable.contains(text) else {
                    throw UsageError("\(name) expects one of \(DemoAssembly.omittable.joined(separator: ", ")), got '\(text)'")
                }
                options.without = text
            case "--format":
                let text = try value()
                guard let parsed = GraphFormat(rawValue: text) else {
                    throw UsageError("\(name) must be dot or mermaid, got '\(text)'")
                }
                format = parsed
            default:
                throw UsageError("unknown option '\(name)'")
            }
        }
        if options.isMockServer, options.baseURL != nil {
            throw UsageError("--mock-server answers from the embedded fixtures; it cannot be combined with --base-url")
        }
        options.command = try command(from: positionals, format: format)
        return options
    }

    private static func command(from positionals: [String], format: GraphFormat?) throws(UsageError) -> DemoCommand {
        guard let name = positionals.first else {
            if format != nil { throw UsageError("--format applies only to the graph command") }
            return .run
        }
        let extra = positionals.dropFirst(name == "detail" ? 2 : 1)
        if let unexpected = extra.first {
            throw UsageError("unexpected argument '\(unexpected)' after '\(name)'")
        }
        if format != nil, name != "graph" {
            throw UsageError("--format applies only to the graph command")
        }
        switch name {
        case "run": return .run
        case "validate": return .validate
        case "graph": return .graph(format ?? .mermaid)
        case "registrations": return .registrations
        case "session": return .session
        case "help": return .help
        case "detail":
            guard positionals.count > 1 else { throw UsageError("detail needs a course id, as in 'demo detail 103'") }
            return .detail(courseID: try parseCount(positionals[1], option: "detail", what: "a course id"))
        default:
            throw UsageError("unknown command '\(name)' (commands: run, detail, validate, graph, registrations, session, help)")
        }
    }
}

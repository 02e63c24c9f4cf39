/// The server's settings. It always binds 127.0.0.1: the example serves the local machine only.
///
/// ```swift
/// // ServerApp --port 9000, or PORT=9000 ServerApp; --port 0 picks a free port
/// let configuration = try ServerConfiguration(arguments: ["--port", "9000"], environment: [:])
/// ```
public struct ServerConfiguration: Sendable, Equatable {
    /// The address the server binds: the loopback interface only.
    public static let host = "127.0.0.1"

    /// A fault the server plays, so that its tests can see how it ends.
    public enum SimulatedFailure: String, Sendable, Equatable {
        /// The audit trail's factory throws at start-up (after the pool opened).
        case start
        /// The audit trail's `onShutdown` hook never returns.
        case shutdown
    }

    /// The TCP port; 0 lets the system pick a free one (the server logs which).
    public var port: Int
    /// How many connections the pool keeps.
    public var poolSize: Int
    /// How long the container's `onShutdown` hooks may run in all at shutdown.
    public var shutdownTimeout: Duration
    /// Whether the routes are served without the container, every object built by hand (the
    /// server benchmark's baseline).
    public var isHandWired: Bool
    /// The fault to play, if any.
    public var simulatedFailure: SimulatedFailure?

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - port: The TCP port; 0 lets the system pick a free one.
    ///   - poolSize: How many connections the pool keeps.
    ///   - shutdownTimeout: How long the container's `onShutdown` hooks may run in all.
    ///   - isHandWired: Whether the routes are served without the container.
    ///   - simulatedFailure: The fault to play, if any.
    public init(
        port: Int = 8080, poolSize: Int = 4, shutdownTimeout: Duration = .seconds(10), isHandWired: Bool = false,
        simulatedFailure: SimulatedFailure? = nil
    ) {
        self.port = port
        self.poolSize = poolSize
        self.shutdownTimeout = shutdownTimeout
        self.isHandWired = isHandWired
        self.simulatedFailure = simulatedFailure
    }

    /// The command line's usage line.
    public static let usage =
        "usage: ServerApp [--port N] [--shutdown-timeout SECONDS] [--hand-wired] [--simulate-failure start|shutdown]"

    /// Settings from the command line (`--port N`, `--shutdown-timeout SECONDS`, `--hand-wired`,
    /// `--simulate-failure start|shutdown`), else the environment (`PORT`), else the defaults.
    ///
    /// - Parameters:
    ///   - arguments: The command line after the program's name.
    ///   - environment: The process's environment.
    /// - Throws: `ServerConfiguration.Problem` for an unknown argument, a port that is not a
    ///   number from 0 to 65535, a timeout that is not a positive number of seconds, or an
    ///   unknown failure to simulate.
    public init(arguments: some Sequence<String>, environment: [String: String]) throws {
        self.init()
        if let port = environment["PORT"] { self.port = try Self.port(port) }
        var arguments = arguments.makeIterator()
        while let argument = arguments.next() {
            if argument == "--hand-wired" {
                isHandWired = true
                continue
            }
            guard ["--port", "--shutdown-timeout", "--simulate-failure"].contains(argument) else {
                throw Problem("unknown argument \(argument); \(Self.usage)")
            }
            guard let value = arguments.next() else { throw Problem("\(argument) needs a value; \(Self.usage)") }
            switch argument {
            case "--port":
                port = try Self.port(value)
            case "--shutdown-timeout":
                guard let seconds = Double(value), seconds > 0 else {
                    throw Problem("--shutdown-timeout needs a positive number of seconds, not \(value)")
                }
                shutdownTimeout = .milliseconds(Int(seconds * 1000))
            default:
                guard let failure = SimulatedFailure(rawValue: value) else {
                    throw Problem("--simulate-failure takes start or shutdown, not \(value)")
                }
                simulatedFailure = failure
            }
        }
    }

    private static func port(_ text: String) throws -> Int {
        guard let port = Int(text), (0...65_535).contains(port) else {
            throw Problem("the port must be a number from 0 to 65535, not \(text)")
        }
        return port
    }

    /// Why the command line or environment could not be read, and how to fix it.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        /// The problem and the fix, in words.
        public let description: String

        init(_ description: String) { self.description = description }
    }
}

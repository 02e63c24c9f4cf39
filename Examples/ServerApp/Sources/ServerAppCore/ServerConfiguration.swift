/// The server's settings. It always binds 127.0.0.1: the example serves the local machine only.
///
/// ```swift
/// // ServerApp --port 9000, or PORT=9000 ServerApp; --port 0 picks a free port
/// let configuration = try ServerConfiguration(arguments: ["--port", "9000"], environment: [:])
/// ```
public struct ServerConfiguration: Sendable, Equatable {
    /// The address the server binds: the loopback interface only.
    public static let host = "127.0.0.1"

    /// The TCP port; 0 lets the system pick a free one (the server logs which).
    public var port: Int
    /// How many connections the pool keeps.
    public var poolSize: Int
    /// How long the container's `onShutdown` hooks may run in all at shutdown.
    public var shutdownTimeout: Duration

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - port: The TCP port; 0 lets the system pick a free one.
    ///   - poolSize: How many connections the pool keeps.
    ///   - shutdownTimeout: How long the container's `onShutdown` hooks may run in all.
    public init(port: Int = 8080, poolSize: Int = 4, shutdownTimeout: Duration = .seconds(10)) {
        self.port = port
        self.poolSize = poolSize
        self.shutdownTimeout = shutdownTimeout
    }

    /// Settings from the command line (`--port N`), else the environment (`PORT`), else 8080.
    ///
    /// - Parameters:
    ///   - arguments: The command line after the program's name.
    ///   - environment: The process's environment.
    /// - Throws: `ServerConfiguration.Problem` for an unknown argument or a port that is not a
    ///   number from 0 to 65535.
    public init(arguments: some Sequence<String>, environment: [String: String]) throws {
        self.init()
        if let port = environment["PORT"] { self.port = try Self.port(port) }
        var arguments = arguments.makeIterator()
        while let argument = arguments.next() {
            guard argument == "--port" else { throw Problem("unknown argument \(argument); usage: ServerApp [--port N]") }
            guard let value = arguments.next() else { throw Problem("--port needs a value; usage: ServerApp [--port N]") }
            port = try Self.port(value)
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

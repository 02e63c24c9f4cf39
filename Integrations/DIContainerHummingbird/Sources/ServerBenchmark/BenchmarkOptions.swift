import Foundation

/// The load benchmark's settings, from its command line.
struct BenchmarkOptions {
    /// Requests timed per server run (after the warm-up).
    var requests = 50_000
    /// Requests sent before the timing starts, to warm the server.
    var warmUp = 5_000
    /// Requests in flight at once, each on its own keep-alive connection.
    var concurrency = 50
    /// Runs per wiring; the report gives the median.
    var rounds = 3
    /// The server's executable.
    var server: URL

    /// Why the command line could not be read.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = "usage: ServerBenchmark [--requests N] [--warm-up N] [--concurrency C] [--rounds R] [--server PATH]"

    init(arguments: some Sequence<String>) throws {
        server = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ServerApp")
        var arguments = arguments.makeIterator()
        while let argument = arguments.next() {
            guard let value = arguments.next() else { throw Problem(description: "\(argument) needs a value; \(Self.usage)") }
            switch argument {
            case "--requests": requests = try Self.count(value, of: argument)
            case "--warm-up": warmUp = try Self.count(value, of: argument)
            case "--concurrency": concurrency = try Self.count(value, of: argument)
            case "--rounds": rounds = try Self.count(value, of: argument)
            case "--server": server = URL(fileURLWithPath: value)
            default: throw Problem(description: "unknown argument \(argument); \(Self.usage)")
            }
        }
        guard FileManager.default.isExecutableFile(atPath: server.path) else {
            throw Problem(description: "no server executable at \(server.path); build ServerApp first, or pass --server PATH")
        }
    }

    private static func count(_ text: String, of argument: String) throws -> Int {
        guard let count = Int(text), count > 0 else { throw Problem(description: "\(argument) needs a positive number, not \(text)") }
        return count
    }
}

import Foundation

/// A running `ServerApp` process: its port, its CPU time so far, and a clean stop.
final class ServerUnderTest {
    let process = Process()
    private(set) var port = 0

    /// Why the server could not be used.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `executable` on a free port with `arguments`, and waits until it listens.
    init(executable: URL, arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = ["--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // The server logs "listening on http://127.0.0.1:PORT" once it accepts connections.
        var pending = Data()
        let handle = output.fileHandleForReading
        while port == 0 {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { throw Problem(description: "the server exited before it listened") }
            pending.append(chunk)
            let text = String(decoding: pending, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.contains("listening on http://127.0.0.1:") }),
                let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
            {
                self.port = port
            }
        }
        // Keep reading (and dropping) its log, so that it never blocks on a full pipe.
        handle.readabilityHandler = { handle in _ = handle.availableData }
    }

    /// The server's CPU time so far (user and system, every thread), from `/proc/PID/stat`.
    func cpuTime() throws -> Duration {
        let text = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        // Fields after the command name (which is in parentheses and may hold spaces): utime is
        // the 14th field of the line, stime the 15th, in clock ticks.
        guard let close = text.lastIndex(of: ")") else { throw Problem(description: "unreadable /proc stat: \(text)") }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw Problem(description: "unreadable /proc stat: \(text)")
        }
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        return .microseconds((user + system) * 1_000_000 / ticksPerSecond)
    }

    /// Stops the server with SIGTERM and waits for it to exit.
    func stop() {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}

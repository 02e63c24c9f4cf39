import DIContainerLocking
import Foundation

/// A real HTTP server for tests: `test_server.py` (next to this file) run with `python3`.
///
/// ``start(fixturesDirectory:startupTimeout:)`` launches the script on 127.0.0.1 with a free
/// port, reads the `PORT <n>` line it prints first (giving up after the startup timeout), and
/// returns a handle whose ``baseURL`` points at it. ``stop()`` ends it; so does the end of the
/// test process, because the server exits when its standard input closes.
///
/// Besides fixture files (`/courses/recent` → `<fixtures>/courses/recent.json`) the server has
/// test routes: `/_test/flaky?key=K&failures=N`, `/_test/status/<code>`, `/_test/malformed`,
/// `/_test/slow?seconds=S`, `/_test/echo-query` and `/_test/echo-request` (see the script).
///
/// ```swift
/// let server = try await TestHTTPServer.start(fixturesDirectory: fixtures)
/// defer { server.stop() }
/// let client = APIClient(configuration: APIConfiguration(baseURL: server.baseURL),
///                        transport: URLSessionTransport())
/// ```
public final class TestHTTPServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The port the server listens on.
    public let port: Int
    private let running: Locked<Running?>

    private struct Running: @unchecked Sendable {
        // Process and Pipe are thread-safe Foundation objects but not declared Sendable on
        // every platform; they are only touched under the mutex that holds this box.
        let process: Process
        let input: Pipe
    }

    private init(port: Int, running: Running) throws {
        guard let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
            throw TestHTTPServerError.badPortLine("PORT \(port)")
        }
        self.baseURL = baseURL
        self.port = port
        self.running = Locked(running)
    }

    deinit {
        stop()
    }

    /// The server script, found next to this source file.
    public static var scriptURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("test_server.py")
    }

    /// Launches the server and waits until it listens.
    ///
    /// - Parameters:
    ///   - fixturesDirectory: The folder of JSON fixtures the server serves.
    ///   - startupTimeout: How long to wait for the port line; a guard, 20 seconds by default.
    /// - Returns: The running server.
    /// - Throws: ``TestHTTPServerError`` when `python3` cannot be launched, exits early, prints
    ///   something unexpected or does not start in time.
    public static func start(
        fixturesDirectory: URL, startupTimeout: Duration = .seconds(20)
    ) async throws -> TestHTTPServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptURL.path, "--port", "0", "--fixtures", fixturesDirectory.path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw TestHTTPServerError.launchFailed(String(describing: error))
        }
        let running = Running(process: process, input: input)
        let line: String
        do {
            line = try await firstLine(of: output.fileHandleForReading, timeout: startupTimeout) {
                process.terminate()
            }
        } catch {
            stop(running)
            throw error
        }
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) else {
            stop(running)
            throw TestHTTPServerError.badPortLine(line)
        }
        return try TestHTTPServer(port: port, running: running)
    }

    /// Stops the server and waits for it to exit; calling it again does nothing.
    public func stop() {
        guard
            let running = running.withLock({ state in
                defer { state = nil }
                return state
            })
        else { return }
        Self.stop(running)
    }

    private static func stop(_ running: Running) {
        try? running.input.fileHandleForWriting.close()
        if running.process.isRunning {
            running.process.terminate()
        }
        running.process.waitUntilExit()
    }

    /// Reads the first line of `handle` on a background thread, calling `onTimeout` (which must
    /// make the read end, e.g. by ending the writer) if it takes longer than `timeout`.
    private static func firstLine(
        of handle: FileHandle, timeout: Duration, onTimeout: @escaping @Sendable () -> Void
    ) async throws -> String {
        let reader = LineReader(handle: handle)
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await reader.readLine() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw TestHTTPServerError.startupTimedOut(timeout)
            }
            do {
                let line = try await group.next() ?? ""
                group.cancelAll()
                return line
            } catch {
                onTimeout()
                group.cancelAll()
                throw error
            }
        }
    }
}

/// Reads one line from a pipe on a dispatch thread, so no cooperative thread blocks.
private struct LineReader: @unchecked Sendable {
    // FileHandle is thread-safe but not declared Sendable everywhere; only this reader reads it.
    let handle: FileHandle

    func readLine() async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var buffer = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty {
                        continuation.resume(throwing: TestHTTPServerError.exitedEarly(String(decoding: buffer, as: UTF8.self)))
                        return
                    }
                    buffer.append(chunk)
                    if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.resume(returning: String(decoding: buffer[..<newline], as: UTF8.self))
                        return
                    }
                }
            }
        }
    }
}

/// Why ``TestHTTPServer`` could not start.
public enum TestHTTPServerError: Error, CustomStringConvertible {
    /// `python3` could not be launched.
    case launchFailed(String)
    /// The server exited before printing its port; the associated text is what it printed.
    case exitedEarly(String)
    /// The first line was not `PORT <n>`.
    case badPortLine(String)
    /// No port line arrived in time.
    case startupTimedOut(Duration)

    /// What went wrong, with a hint.
    public var description: String {
        switch self {
        case .launchFailed(let reason): "cannot launch python3 (is it installed and on PATH?): \(reason)"
        case .exitedEarly(let output): "the test server exited before printing its port; output: \"\(output)\""
        case .badPortLine(let line): "the test server printed \"\(line)\" instead of \"PORT <n>\""
        case .startupTimedOut(let timeout): "the test server did not print its port within \(timeout)"
        }
    }
}

import Foundation
import Synchronization

/// Why the server process could not be used.
enum ServerProcessError: Error, CustomStringConvertible {
    case notBuilt(searched: [String])
    case timedOut(waitingFor: String, output: [String])

    var description: String {
        switch self {
        case .notBuilt(let searched):
            "the ServerApp executable was not found (searched \(searched.joined(separator: ", "))); "
                + "run swift build --package-path Integrations/DIContainerHummingbird first"
        case .timedOut(let what, let output):
            "timed out waiting for \(what); the server printed:\n" + output.joined(separator: "\n")
        }
    }
}

/// The built `ServerApp` executable running as a child process, its standard output read line by
/// line as it comes. `ensureStopped()` ends it with SIGKILL if a test stops early, so none is left running.
final class ServerProcess: Sendable {
    /// The package's root folder (Integrations/DIContainerHummingbird).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private let process: Process
    private let lines = Mutex<[String]>([])
    private let outputEnded = Mutex(false)

    /// The built server: next to the test bundle (SwiftPM puts every product of one build in one
    /// folder, and the test target depends on the executable, so `swift test` builds it), else
    /// `.build/debug/ServerApp` in the package.
    static func executable() throws -> URL {
        var folders: [URL] = []
        if let main = Bundle.main.executableURL { folders.append(main.deletingLastPathComponent()) }
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        folders.append(packageRoot.appendingPathComponent(".build/debug", isDirectory: true))
        let candidates = folders.map { $0.appendingPathComponent("ServerApp") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw ServerProcessError.notBuilt(searched: candidates.map(\.path))
        }
        return found
    }

    /// Starts `ServerApp <arguments>`.
    init(arguments: [String]) throws {
        process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()

        let handle = output.fileHandleForReading
        DispatchQueue.global().async { [self] in
            var pending = Data()
            while case let chunk = handle.availableData, !chunk.isEmpty {  // empty: end of output
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.append(line) }
                }
            }
            outputEnded.withLock { $0 = true }
        }
    }

    /// Every line printed so far.
    var output: [String] { lines.withLock { $0 } }

    /// Waits until `condition` holds, checking every 20 ms, for at most `timeout`.
    func waitUntil(_ what: String, timeout: Duration = .seconds(30), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw ServerProcessError.timedOut(waitingFor: what, output: output) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for a printed line containing `text`, and returns it.
    func line(containing text: String, timeout: Duration = .seconds(30)) async throws -> String {
        var found: String?
        try await waitUntil("a line containing \"\(text)\"", timeout: timeout) {
            found = output.first { $0.contains(text) }
            return found != nil
        }
        return found ?? ""
    }

    /// Sends `signal` to the server.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the server to exit and its output to end; returns its exit status.
    func exitStatus(timeout: Duration = .seconds(30)) async throws -> Int32 {
        try await waitUntil("the server to exit", timeout: timeout) {
            !process.isRunning && outputEnded.withLock { $0 }
        }
        return process.terminationStatus
    }

    /// Ends the server at once if it still runs (SIGKILL), so no test leaves one behind.
    func ensureStopped() {
        if process.isRunning { send(SIGKILL) }
    }
}

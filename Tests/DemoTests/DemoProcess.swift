import DIContainerLocking
import Foundation

/// What one run of the demo printed and how it exited.
struct DemoResult: Sendable, CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    /// Standard output's lines.
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Why the demo could not be run.
enum DemoProcessError: Error, CustomStringConvertible {
    case notBuilt(searched: [String])
    case timedOut(arguments: [String], seconds: Int)
    case copyFailed(stderr: String)

    var description: String {
        switch self {
        case .notBuilt(let searched):
            "the demo executable was not found (searched \(searched.joined(separator: ", "))); run swift build first"
        case .timedOut(let arguments, let seconds):
            "demo \(arguments.joined(separator: " ")) did not exit within \(seconds) s and was terminated"
        case .copyFailed(let stderr):
            "copying the demo failed: \(stderr)"
        }
    }
}

/// Runs the built `demo` executable as a subprocess.
enum DemoProcess {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built demo: next to the test bundle (SwiftPM puts every product of a build in one
    /// folder), else `.build/debug/demo` in the package.
    static func executable() throws -> URL {
        var folders: [URL] = []
        if let main = Bundle.main.executableURL { folders.append(main.deletingLastPathComponent()) }
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        folders.append(packageRoot.appendingPathComponent(".build/debug", isDirectory: true))
        let candidates = folders.map { $0.appendingPathComponent("demo") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw DemoProcessError.notBuilt(searched: candidates.map(\.path))
        }
        return found
    }

    /// Copies the built demo to `destination` in a `cp` subprocess. The test process never holds
    /// the copy open for writing, so a process another test forks meanwhile cannot inherit that
    /// descriptor and make running the copy fail with "text file busy".
    static func copyExecutable(to destination: URL) async throws {
        let copy = try await runOffThread(
            URL(fileURLWithPath: "/bin/cp"), [try executable().path, destination.path], timeoutSeconds: 120)
        guard copy.status == 0 else { throw DemoProcessError.copyFailed(stderr: copy.stderr) }
    }

    /// Runs `demo <arguments>` and collects its output.
    ///
    /// - Parameters:
    ///   - arguments: The command line after the program name.
    ///   - timeoutSeconds: A guard against a hung demo: past it the process is terminated and
    ///     the run throws. Runs normally take well under a second.
    ///   - executable: Another copy of the demo to run; the built one by default.
    static func run(_ arguments: [String], timeoutSeconds: Int = 120, executable: URL? = nil) async throws -> DemoResult {
        try await runOffThread(try executable ?? self.executable(), arguments, timeoutSeconds: timeoutSeconds)
    }

    private static func runOffThread(_ executable: URL, _ arguments: [String], timeoutSeconds: Int) async throws -> DemoResult {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try runBlocking(executable, arguments, timeoutSeconds: timeoutSeconds)
                    })
            }
        }
    }

    /// Runs the process on the calling (dispatch) thread, reading both pipes on others.
    private static func runBlocking(_ executable: URL, _ arguments: [String], timeoutSeconds: Int) throws -> DemoResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }

        let stdout = Collected()
        let stderr = Collected()
        let reading = DispatchGroup()
        for (handle, sink) in [(output.fileHandleForReading, stdout), (errors.fileHandleForReading, stderr)] {
            DispatchQueue.global().async(group: reading) {
                sink.store(handle.readDataToEndOfFile())
            }
        }
        try process.run()
        if exited.wait(timeout: .now() + .seconds(timeoutSeconds)) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            throw DemoProcessError.timedOut(arguments: arguments, seconds: timeoutSeconds)
        }
        reading.wait()
        return DemoResult(status: process.terminationStatus, stdout: stdout.text, stderr: stderr.text)
    }
}

/// Bytes read on another thread.
private final class Collected: Sendable {
    private let data = Locked(Data())

    func store(_ bytes: Data) { data.withLock { $0 = bytes } }

    var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }
}

import DIContainerLocking
import Foundation

/// The standard output lines a demo run delivered before it was killed.
struct KilledRun: Sendable, CustomStringConvertible {
    /// The lines read from the pipe, in order.
    let lines: [String]
    /// Whether the demo was still running when the last line was read (or the wait ended).
    let wasRunning: Bool

    var description: String { "running: \(wasRunning)\n--- stdout\n" + lines.joined(separator: "\n") }
}

extension DemoProcess {
    /// Runs `demo <arguments>` with standard output into a pipe, reads its lines as they arrive
    /// until one satisfies `stop` (or output ends, or `timeoutSeconds` pass), then kills the
    /// demo with SIGKILL, which leaves it no chance to flush anything.
    ///
    /// What it returns is what a reader of the pipe saw while the demo ran: a block-buffered
    /// demo delivers nothing before it exits.
    static func linesBeforeKill(
        _ arguments: [String], stop: @escaping @Sendable (String) -> Bool, timeoutSeconds: Int
    ) async throws -> KilledRun {
        let executable = try executable()
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try killBlocking(executable, arguments, stop: stop, timeoutSeconds: timeoutSeconds)
                    })
            }
        }
    }

    private static func killBlocking(
        _ executable: URL, _ arguments: [String], stop: @escaping @Sendable (String) -> Bool, timeoutSeconds: Int
    ) throws -> KilledRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()

        let lines = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let handle = output.fileHandleForReading
        DispatchQueue.global().async {
            defer { done.signal() }
            var pending = Data()
            while case let chunk = handle.availableData, !chunk.isEmpty {  // empty: end of output
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.append(line) }
                    if stop(line) { return }
                }
            }
        }
        let readerEnded = done.wait(timeout: .now() + .seconds(timeoutSeconds)) == .success
        let wasRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        if !readerEnded { done.wait() }  // it ends when the killed demo's pipe closes
        return KilledRun(lines: lines.withLock { $0 }, wasRunning: wasRunning)
    }
}

import Foundation

/// Measures peak memory per registration in separate processes: the runner re-launches its own
/// executable with the `memory` subcommand, which builds the registrations and prints its peak
/// resident set size (`VmHWM`), and subtracts a baseline process that builds none.
struct MemoryProbe {
    /// How many child processes per contender; the figure is their median, min and max.
    let runs: Int

    /// Bytes of peak RSS per registration for `contender`, measured against a baseline process.
    ///
    /// - Parameters:
    ///   - contender: The contender whose `holdRegistrations(_:)` the child runs.
    ///   - count: How many registrations the child builds.
    /// - Returns: Per-registration bytes over `runs` pairs of processes.
    /// - Throws: `BenchmarkError.memoryProbeFailed` when a child cannot run or report.
    func bytesPerRegistration(_ contender: Contender, count: Int) throws -> Figure {
        var samples: [Double] = []
        for _ in 0..<runs {
            let baseline = try peakKilobytes(contender: nil, count: 0)
            let loaded = try peakKilobytes(contender: contender, count: count)
            samples.append(Double(loaded - baseline) * 1024 / Double(count))
        }
        guard let figure = Figure(samples: samples) else {
            throw BenchmarkError.memoryProbeFailed("no runs were requested")
        }
        return figure
    }

    private func peakKilobytes(contender: Contender?, count: Int) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["memory", contender.map(Self.argument) ?? "none", String(count)]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw BenchmarkError.memoryProbeFailed("cannot start \(CommandLine.arguments[0]): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let kilobytes = Int(text) else {
            throw BenchmarkError.memoryProbeFailed(
                "the child exited with status \(process.terminationStatus) and printed \"\(text)\"")
        }
        return kilobytes
    }

    /// The command-line spelling of a contender (`--contender`, `memory`, `profile`).
    static func argument(_ contender: Contender) -> String {
        switch contender {
        case .handWired: "hand-wired"
        case .ours: "ours"
        case .swinject: "swinject"
        case .dependencies: "swift-dependencies"
        case .minimal: "minimal"
        }
    }

    /// The `memory` subcommand: builds `count` registrations with the named contender (or none
    /// for `none`), keeps them alive, and returns the process's peak RSS in kB.
    ///
    /// - Parameters:
    ///   - contenderArgument: `ours`, `swinject` or `none`.
    ///   - count: How many registrations to build.
    /// - Returns: `VmHWM` from `/proc/self/status`, in kB.
    /// - Throws: `BenchmarkError.usage` for an unknown contender,
    ///   `BenchmarkError.memoryProbeFailed` when the status file has no `VmHWM` line.
    static func runChild(contenderArgument: String, count: Int) throws -> Int {
        let held: AnyObject?
        switch contenderArgument {
        case "none": held = nil
        case argument(.ours): held = OurCases.holdRegistrations(count)
        case argument(.swinject): held = SwinjectCases.holdRegistrations(count)
        default: throw BenchmarkError.usage("unknown contender \"\(contenderArgument)\" for memory")
        }
        return try withExtendedLifetime(held) { try peakResidentKilobytes() }
    }

    private static func peakResidentKilobytes() throws -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.dropFirst("VmHWM:".count).filter(\.isNumber)
            if let kilobytes = Int(digits) { return kilobytes }
        }
        throw BenchmarkError.memoryProbeFailed("/proc/self/status has no VmHWM line (not Linux?)")
    }
}

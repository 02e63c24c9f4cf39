import Foundation

/// The `instructions` subcommand: instructions per operation of the core cases, counted by
/// callgrind, so that a change's effect can be judged on a noisy machine where timings move by
/// 10–30 % between runs.
///
/// For each case it runs `Benchmarks profile <contender> <scenario> <n>` under
/// `valgrind --tool=callgrind` twice, with `n` and `2n` iterations, and divides the difference
/// of the two totals by the `n` extra operations: set-up, process start and the first call's
/// lazy initialisations cancel out. The binary it runs is a stripped copy of itself (valgrind
/// 3.19 cannot read the debug information Swift 6.3 writes), with
/// `SWIFT_DETERMINISTIC_HASHING=1` so both runs hash alike. Threaded cases are left out (their
/// instruction count says nothing about contention).
struct InstructionCounter {
    /// The cases counted: every single-threaded case a target depends on.
    static let coreScenarios: [Scenario] = [
        .noDeps, .oneDep, .forwardedType, .oneDepNamed, .chain, .graphChain, .singleton, .runtimeArgument, .makerCall,
        .handleConsumer, .oneDepAmong10, .oneDepAmong10k, .registration, .overrideScope, .coldStart, .mainActorResolve, .requestScope,
        .requestScopeWithHook, .serverRequest,
    ]

    /// Operations in the shorter run; the longer run has twice as many. A case whose batch
    /// counts several operations per iteration (registration) runs fewer iterations.
    static let baseOperations = 1_000

    /// Which contenders and cases run (`--only`, `--contender`).
    let options: Options

    /// Counts every selected case.
    ///
    /// - Returns: Instructions per operation, one sample per case.
    /// - Throws: `BenchmarkError.profilerFailed` when valgrind or strip cannot run or report.
    func run() throws -> Results {
        let binary = try strippedCopy()
        var results = Results()
        let contestants = Runner(options: options).contestants
        for contestant in contestants where options.contender.map({ $0 == contestant.contender }) ?? true {
            let cases = try contestant.cases()
            for scenario in Self.coreScenarios where options.includes(contestant.contender, scenario) {
                guard let benchmark = cases.first(where: { $0.scenario == scenario }),
                    let perCall = Self.operationsPerCall(benchmark.run)
                else { continue }
                let low = max(1, Self.baseOperations / perCall)
                progress("counting \(contestant.contender.rawValue): \(scenario.rawValue)")
                let short = try instructions(binary, contestant.contender, scenario, iterations: low)
                let long = try instructions(binary, contestant.contender, scenario, iterations: 2 * low)
                results[contestant.contender, scenario] = Figure(samples: [Double(long - short) / Double(low * perCall)])
            }
        }
        return results
    }

    /// Operations per iteration of a single-threaded case; `nil` for a threaded one.
    private static func operationsPerCall(_ run: BenchmarkCase.Run) -> Int? {
        switch run {
        case .batch(let operations, _), .batchKeeping(let operations, _), .asyncBatch(let operations, _): operations
        case .threads: nil
        }
    }

    /// Strips a copy of this executable next to it (so its run-time search paths still hold).
    private func strippedCopy() throws -> URL {
        let original = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let copy = original.deletingLastPathComponent().appendingPathComponent(original.lastPathComponent + "-stripped")
        try execute("/usr/bin/env", ["strip", "-o", copy.path, original.path])
        return copy
    }

    /// The total instructions of one profiled run.
    private func instructions(_ binary: URL, _ contender: Contender, _ scenario: Scenario, iterations: Int) throws -> Int {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("benchmarks-callgrind-\(ProcessInfo.processInfo.processIdentifier).out")
        defer { try? FileManager.default.removeItem(at: output) }
        try execute(
            "/usr/bin/env",
            [
                "valgrind", "--tool=callgrind", "--callgrind-out-file=\(output.path)",
                binary.path, "profile", MemoryProbe.argument(contender), scenario.rawValue, String(iterations),
            ], environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let total = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { return total }
        }
        throw BenchmarkError.profilerFailed("callgrind wrote no total for \(contender.rawValue) \(scenario.rawValue)")
    }

    private func execute(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw BenchmarkError.profilerFailed("cannot start \(arguments.first ?? executable): \(error)")
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.profilerFailed(
                "`\(arguments.joined(separator: " "))` exited with status "
                    + "\(process.terminationStatus): \(String(decoding: message.suffix(2_000), as: UTF8.self))")
        }
    }

    private func progress(_ text: String) {
        FileHandle.standardError.write(Data("… \(text)\n".utf8))
    }
}

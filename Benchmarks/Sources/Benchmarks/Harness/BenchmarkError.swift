/// What can stop a benchmark run, with a description that says what went wrong.
enum BenchmarkError: Error, CustomStringConvertible {
    /// A container returned nothing for a service the case registered.
    case notResolved(contender: String, service: String)
    /// A container built something other than what the case claims to measure.
    case wrongGraph(contender: String, problem: String)
    /// A memory-probe child process could not be started or did not report its peak memory.
    case memoryProbeFailed(String)
    /// A `swift build` of the compile-time benchmark failed: the command and the end of its output.
    case buildFailed(command: String, output: String)
    /// A profiler (valgrind) could not run or did not report.
    case profilerFailed(String)
    /// The command line asked for something the runner does not know.
    case usage(String)

    var description: String {
        switch self {
        case .notResolved(let contender, let service):
            "\(contender) resolved nothing for \(service), which the benchmark registered; the case's wiring is wrong"
        case .wrongGraph(let contender, let problem):
            "\(contender) \(problem); the case would not measure what it says"
        case .memoryProbeFailed(let reason):
            "memory probe failed: \(reason)"
        case .buildFailed(let command, let output):
            "`\(command)` failed:\n\(output)"
        case .profilerFailed(let reason):
            "profiler failed: \(reason)"
        case .usage(let reason):
            "\(reason)\n\(Self.usageText)"
        }
    }

    /// The command-line summary printed with a usage error.
    static let usageText = """
        usage: Benchmarks [--quick] [--only SCENARIO,…] [--contender CONTENDER]
                   run the cases (all by default) and print the table, targets and machine line
               Benchmarks instructions [--only SCENARIO,…] [--contender CONTENDER]
                   instructions per operation of the core cases, counted by callgrind (needs valgrind)
               Benchmarks compile-time [--services N,…] [--configurations debug,release]
                                       [--repetitions N] [--no-type-check]
                   rebuild and type-check times of generated assemblies (default: 300 and 1,200
                   services, debug and release, 3 rebuilds each)
               Benchmarks profile <CONTENDER> <scenario> <iterations>
                   run one case untimed, for perf or callgrind
               Benchmarks memory <ours|swinject|none> <count>
                   (internal, the memory probe's child) build registrations, print peak RSS in kB
        CONTENDER is hand-wired, ours, swinject, swift-dependencies or minimal (the floor of the graph and cold-start cases).
        """
}

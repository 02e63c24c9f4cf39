import Foundation

/// Runs every contender's cases in one process: calibrates and warms up each case, then takes
/// the repetitions round-robin over all cases (so a slow moment of a shared machine spreads over
/// every case instead of skewing one), then runs the memory probes in child processes.
struct Runner {
    /// Repetitions, batch length and which cases run.
    let options: Options
    /// The contenders, in the order each scenario runs them.
    let contestants: [any Contestant.Type] = [
        HandWired.self, OurCases.self, SwinjectCases.self, DependenciesCases.self, MinimalCases.self,
    ]

    /// Measures everything.
    ///
    /// - Returns: Every figure, by contender and scenario.
    /// - Throws: The first error a case or a probe throws.
    func run() throws -> Results {
        let harness = Harness(plan: options.plan)
        var results = Results()
        var cases: [Contender: [Scenario: BenchmarkCase]] = [:]
        for contestant in contestants where options.contender.map({ $0 == contestant.contender }) ?? true {
            let built = try contestant.cases()
            cases[contestant.contender] = Dictionary(built.map { ($0.scenario, $0) }) { first, _ in first }
        }
        var prepared: [(Contender, Scenario, Harness.Prepared)] = []
        for scenario in Scenario.allCases {
            for contestant in contestants {
                guard options.includes(contestant.contender, scenario),
                    let benchmark = cases[contestant.contender]?[scenario]
                else { continue }
                progress("calibrating \(contestant.contender.rawValue): \(scenario.rawValue)")
                prepared.append((contestant.contender, scenario, try harness.prepare(benchmark.run)))
            }
        }
        var samples = Array(repeating: [Double](), count: prepared.count)
        for repetition in 1...options.plan.repetitions {
            progress("repetition \(repetition) of \(options.plan.repetitions)")
            for (index, item) in prepared.enumerated() {
                samples[index].append(try harness.sample(item.2))
            }
        }
        for (index, item) in prepared.enumerated() {
            results[item.0, item.1] = Figure(samples: samples[index])
        }
        let probe = MemoryProbe(runs: options.plan.repetitions >= 7 ? 3 : 1)
        for contestant in contestants
        where options.includes(contestant.contender, .memoryPerRegistration) && contestant.holdRegistrations(1) != nil {
            progress("\(contestant.contender.rawValue): \(Scenario.memoryPerRegistration.rawValue)")
            results[contestant.contender, .memoryPerRegistration] = try probe.bytesPerRegistration(
                contestant.contender, count: manyRegistrations)
        }
        return results
    }

    /// Runs one case for exactly `iterations` iterations, untimed, for a profiler
    /// (`perf record`, `valgrind --tool=callgrind`): the difference between two iteration counts
    /// is the cost of the operation alone, without the set-up.
    ///
    /// - Parameters:
    ///   - contender: Whose case runs.
    ///   - scenario: Which case runs.
    ///   - iterations: How many iterations (per thread, for threaded cases).
    /// - Throws: `BenchmarkError.usage` when the contender has no such case; whatever it throws.
    static func profile(_ contender: Contender, _ scenario: Scenario, iterations: Int) throws {
        guard let contestant = Runner(options: try Options([])).contestants.first(where: { $0.contender == contender }),
            let benchmark = try contestant.cases().first(where: { $0.scenario == scenario })
        else {
            throw BenchmarkError.usage("\(contender.rawValue) has no case \(scenario.rawValue)")
        }
        switch benchmark.run {
        case .batch(_, let batch):
            try batch(iterations)
        case .batchKeeping(_, let batch):
            _ = try batch(iterations)
        case .threads(_, let body):
            try body(iterations, ThreadSink())
        case .asyncBatch(_, let batch):
            try Harness.wait { try await batch(iterations) }
        }
    }

    private func progress(_ text: String) {
        FileHandle.standardError.write(Data("… \(text)\n".utf8))
    }
}

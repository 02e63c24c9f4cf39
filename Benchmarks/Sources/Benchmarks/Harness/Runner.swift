import Foundation

/// Runs every contender's cases in one process, scenario by scenario (so contenders measured
/// side by side share the machine's state), then the memory probes in child processes.
struct Runner {
    /// Repetitions, batch length and which cases run.
    let options: Options
    /// The contenders, in the order each scenario runs them.
    let contestants: [any Contestant.Type] = [HandWired.self, OurCases.self, SwinjectCases.self]

    /// Measures everything.
    ///
    /// - Returns: Every figure, by contender and scenario.
    /// - Throws: The first error a case or a probe throws.
    func run() throws -> Results {
        let harness = Harness(plan: options.plan)
        var results = Results()
        var cases: [Contender: [Scenario: BenchmarkCase]] = [:]
        for contestant in contestants {
            let built = try contestant.cases()
            cases[contestant.contender] = Dictionary(built.map { ($0.scenario, $0) }) { first, _ in first }
        }
        for scenario in Scenario.allCases {
            for contestant in contestants {
                guard options.includes(contestant.contender, scenario),
                      let benchmark = cases[contestant.contender]?[scenario] else { continue }
                progress("\(contestant.contender.rawValue): \(scenario.rawValue)")
                switch benchmark.run {
                case let .batch(operationsPerCall, batch):
                    results[contestant.contender, scenario] = try harness.measure(
                        operationsPerCall: operationsPerCall, batch)
                case let .threads(count, body):
                    results[contestant.contender, scenario] = try harness.measure(threads: count, body)
                }
            }
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

    private func progress(_ text: String) {
        FileHandle.standardError.write(Data("… \(text)\n".utf8))
    }
}

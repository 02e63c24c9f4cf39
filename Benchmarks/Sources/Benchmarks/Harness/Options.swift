/// The command line of a benchmark run.
struct Options {
    /// Repetitions and batch length.
    var plan = Plan.standard
    /// When set, only these scenarios run (for profiling one case).
    var scenarios: Set<Scenario>?
    /// When set, only this contender runs (for profiling one case).
    var contender: Contender?

    /// Parses `[--quick] [--only SCENARIO,…] [--contender hand-wired|ours|swinject|swift-dependencies]`.
    ///
    /// - Parameter arguments: The arguments after the executable's name.
    /// - Throws: `BenchmarkError.usage` for an unknown option or value.
    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                plan = .quick
            case "--only":
                let names = (remaining.popFirst() ?? "").split(separator: ",")
                scenarios = Set(
                    try names.map { name in
                        guard let scenario = Scenario(rawValue: String(name)) else {
                            let known = Scenario.allCases.map(\.rawValue).joined(separator: ", ")
                            throw BenchmarkError.usage("unknown scenario \"\(name)\"; known: \(known)")
                        }
                        return scenario
                    })
            case "--contender":
                let name = remaining.popFirst() ?? ""
                guard let chosen = Contender.allCases.first(where: { MemoryProbe.argument($0) == name }) else {
                    let known = Contender.allCases.map(MemoryProbe.argument).joined(separator: ", ")
                    throw BenchmarkError.usage("unknown contender \"\(name)\"; use one of \(known)")
                }
                contender = chosen
            default:
                throw BenchmarkError.usage("unknown argument \"\(argument)\"")
            }
        }
    }

    /// Whether a case runs under these options.
    func includes(_ contender: Contender, _ scenario: Scenario) -> Bool {
        (self.contender ?? contender) == contender && (scenarios?.contains(scenario) ?? true)
    }
}

import Foundation

// `swift run -c release --package-path Benchmarks [Benchmarks --quick | --only …]` prints the table, the targets and
// the machine line; `Benchmarks memory <ours|swinject|none> <count>` is the memory probe's child;
// `Benchmarks profile <contender> <scenario> <iterations>` runs one case untimed, for a profiler;
// `Benchmarks instructions [--only …] [--contender …]` counts instructions per operation with
// callgrind; `Benchmarks compile-time …` measures build times of generated assemblies
// (Benchmarks/README.md).
do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "memory":
        guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
            throw BenchmarkError.usage("memory needs a contender and a registration count")
        }
        print(try MemoryProbe.runChild(contenderArgument: arguments[1], count: count))
    case "profile":
        guard arguments.count == 4, let count = Int(arguments[3]) else {
            throw BenchmarkError.usage("profile needs a contender, a scenario and an iteration count")
        }
        let options = try Options(["--contender", arguments[1], "--only", arguments[2]])
        for contender in options.contender.map({ [$0] }) ?? [] {
            for scenario in options.scenarios ?? [] {
                try Runner.profile(contender, scenario, iterations: count)
            }
        }
    case "instructions":
        let options = try Options(Array(arguments.dropFirst()))
        let results = try InstructionCounter(options: options).run()
        print(InstructionTable.markdown(results))
        print()
        print(Targets.markdown(results, ratiosOnly: true))
        print()
        print(
            Machine.line(
                method: "instructions per operation from callgrind: the difference between "
                    + "\(InstructionCounter.baseOperations) and \(2 * InstructionCounter.baseOperations) operations, "
                    + "stripped binary, SWIFT_DETERMINISTIC_HASHING=1"))
    case "compile-time":
        let options = try CompileTimeBenchmark.Options(Array(arguments.dropFirst()))
        print(try CompileTimeBenchmark(options: options).run().markdown())
    default:
        let options = try Options(arguments)
        let results = try Runner(options: options).run()
        print(Table.markdown(results))
        print()
        print(Targets.markdown(results))
        print()
        print(Machine.line(plan: options.plan))
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

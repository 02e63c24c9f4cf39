import Foundation

// `swift run -c release --package-path Benchmarks [--quick]` prints the table, the targets and
// the machine line; `Benchmarks memory <ours|swinject|none> <count>` is the memory probe's child.
do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "memory":
        guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
            throw BenchmarkError.usage("memory needs a contender and a registration count")
        }
        print(try MemoryProbe.runChild(contenderArgument: arguments[1], count: count))
    case nil, "--quick":
        let plan = arguments.first == nil ? Plan.standard : Plan.quick
        let results = try Runner(plan: plan).run()
        print(Table.markdown(results))
        print()
        print(Targets.markdown(results))
        print()
        print(Machine.line(plan: plan))
    case let other?:
        throw BenchmarkError.usage("unknown argument \"\(other)\"")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

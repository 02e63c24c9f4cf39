import Testing

@testable import Benchmarks

@Suite("Command-line options")
struct OptionsTests {
    @Test("No arguments run every case with the standard plan")
    func defaults() throws {
        let options = try Options([])
        #expect(options.plan.repetitions == 7)
        #expect(options.plan.batchNanoseconds == 100_000_000)
        #expect(options.includes(.swinject, .registration))
    }

    @Test("--only and --contender narrow the run to the named cases")
    func filters() throws {
        let options = try Options(["--quick", "--only", "singleton,oneDep", "--contender", "ours"])
        #expect(options.plan.repetitions == Plan.quick.repetitions)
        #expect(options.includes(.ours, .singleton))
        #expect(options.includes(.ours, .oneDep))
        #expect(!options.includes(.ours, .chain))
        #expect(!options.includes(.swinject, .singleton))
    }

    @Test("An unknown scenario is an error that lists the known ones")
    func unknownScenario() {
        #expect {
            _ = try Options(["--only", "singletons"])
        } throws: { error in
            "\(error)".contains("unknown scenario \"singletons\"") && "\(error)".contains("oneDepAmong10k")
        }
    }

    @Test("An unknown contender or argument is an error")
    func unknownArguments() {
        #expect(throws: BenchmarkError.self) { _ = try Options(["--contender", "dip"]) }
        #expect(throws: BenchmarkError.self) { _ = try Options(["--fast"]) }
    }
}

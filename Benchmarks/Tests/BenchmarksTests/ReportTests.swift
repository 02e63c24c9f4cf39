import Testing

@testable import Benchmarks

@Suite("Report: table rows and targets computed from the figures")
struct ReportTests {
    private func figure(_ value: Double) -> Figure? {
        Figure(samples: [value])
    }

    @Test("A row shows our figures, the ratio to hand-wiring and the speed-ups over Swinject and swift-dependencies")
    func row() throws {
        var results = Results()
        results[.handWired, .oneDep] = figure(50)
        results[.ours, .oneDep] = figure(100)
        results[.swinject, .oneDep] = figure(2_000)
        results[.dependencies, .oneDep] = figure(850)
        let line = try #require(Table.markdown(results).split(separator: "\n").first { $0.contains("transient: one dep") })
        #expect(line == "| 2 | transient: one dep | 100 | 100 | 100 | 2.00× | 2,000 | 20.0× | 850 | 8.50× |")
    }

    @Test("A contender without the case shows an em dash")
    func missingContender() throws {
        var results = Results()
        results[.ours, .registration] = figure(140)
        results[.swinject, .registration] = figure(1_100)
        let line = try #require(Table.markdown(results).split(separator: "\n").first { $0.contains("register 10,000 services") })
        #expect(line.hasSuffix("| 1,100 | 7.86× | — | — |"))
    }

    @Test("Targets are met, missed or not measured according to the medians")
    func targets() {
        var results = Results()
        results[.ours, .singleton] = figure(25)
        results[.swinject, .singleton] = figure(400)
        results[.handWired, .oneDep] = figure(50)
        results[.ours, .oneDep] = figure(200)
        let text = Targets.markdown(results)
        #expect(text.contains("- ✅ existing singleton ≤ 40 ns: 25.0 ns"))
        #expect(text.contains("- ❌ existing singleton ≥ 20× faster than Swinject's `.container`: 16.0×"))
        #expect(text.contains("- ❌ transient with one dependency ≤ 3× hand-wired: 4.00×"))
        #expect(text.contains("- ⚠️ registration ≤ 200 ns per service: not measured"))
    }

    @Test("Override scope and cold start must beat swift-dependencies; the graph chain is held to 3× hand-wired")
    func newTargets() {
        var results = Results()
        results[.ours, .overrideScope] = figure(1_259)
        results[.dependencies, .overrideScope] = figure(267)
        results[.ours, .coldStart] = figure(1_000)
        results[.dependencies, .coldStart] = figure(1_583)
        results[.handWired, .graphChain] = figure(500)
        results[.ours, .graphChain] = figure(2_500)
        let text = Targets.markdown(results)
        #expect(text.contains("- ❌ override scope (enter, replace, resolve, leave) faster than swift-dependencies': 1,259 vs 267 (0.21×)"))
        #expect(
            text.contains(
                "- ✅ cold start (new container, 20 registrations, one resolve) faster than swift-dependencies': 1,000 vs 1,583 (1.58×)"))
        #expect(text.contains("- ❌ 10-level chain, graph lifetime, ≤ 3× the hand-wired chain with a shared node: 5.00×"))
    }

    @Test("Instruction counts are checked against the ratio targets only")
    func ratiosOnly() {
        var results = Results()
        results[.ours, .singleton] = figure(120)
        results[.swinject, .singleton] = figure(9_000)
        let text = Targets.markdown(results, ratiosOnly: true)
        #expect(text.contains("- ✅ existing singleton ≥ 20× faster than Swinject's `.container`: 75.0×"))
        #expect(!text.contains("≤ 40 ns"))
        #expect(!text.contains("memory per registration"))
        #expect(!text.contains("2 threads"))
    }

    @Test("The instruction table shows every contender and the ratios of one run")
    func instructionTable() throws {
        var results = Results()
        results[.handWired, .oneDep] = figure(400)
        results[.ours, .oneDep] = figure(1_000)
        results[.swinject, .oneDep] = figure(20_000)
        results[.dependencies, .oneDep] = figure(5_000)
        let line = try #require(InstructionTable.markdown(results).split(separator: "\n").first { $0.contains("transient: one dep") })
        #expect(line == "| 2 | transient: one dep | 400 | 1,000 | 20,000 | 5,000 | 2.50× | 20.0× | 5.00× |")
    }
}

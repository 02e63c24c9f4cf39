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

    @Test("Floors are met, missed or not measured according to the medians")
    func targets() {
        var results = Results()
        results[.handWired, .singleton] = figure(20)
        results[.ours, .singleton] = figure(125)
        results[.swinject, .singleton] = figure(300)
        results[.dependencies, .singleton] = figure(500)
        results[.ours, .oneDep] = figure(200)
        results[.swinject, .oneDep] = figure(2_000)
        results[.dependencies, .oneDep] = figure(250)
        let text = Targets.markdown(results)
        #expect(text.contains("- ❌ built singleton ≤ 6× the hand-wired read of a stored singleton: 6.25×"))
        #expect(text.contains("- ❌ built singleton ≥ 4× faster than Swinject: 2.40×"))
        #expect(text.contains("- ✅ built singleton ≥ 1.5× faster than swift-dependencies: 4.00×"))
        #expect(text.contains("- ✅ transient with one dependency ≥ 4× faster than Swinject: 10.0×"))
        #expect(text.contains("- ❌ transient with one dependency ≥ 1.5× faster than swift-dependencies: 1.25×"))
        #expect(text.contains("- ⚠️ registration ≤ 300 ns per service: not measured"))
        #expect(text.contains("- ⚠️ one dependency and a runtime argument ≥ 4× faster than Swinject: not measured"))
    }

    @Test("Override scope is held within 1.5× of swift-dependencies' time; cold start to 1.2× its speed")
    func dependenciesFloors() {
        var results = Results()
        results[.ours, .overrideScope] = figure(1_259)
        results[.dependencies, .overrideScope] = figure(900)
        results[.ours, .coldStart] = figure(1_400)
        results[.dependencies, .coldStart] = figure(1_583)
        let text = Targets.markdown(results)
        #expect(text.contains("- ✅ override scope (enter, replace, resolve, leave) within 1.5× of swift-dependencies' time: 1.40×"))
        #expect(text.contains("- ❌ cold start (new container, 20 registrations, one resolve) ≥ 1.2× faster than swift-dependencies: 1.13×"))
    }

    @Test("A request scope is held to 3× Swinject's child container and to swift-dependencies' time; concurrent scopes to 1.5× transient")
    func requestFloors() {
        var results = Results()
        results[.ours, .requestScope] = figure(1_000)
        results[.swinject, .requestScope] = figure(2_500)
        results[.dependencies, .requestScope] = figure(1_200)
        results[.ours, .concurrentScopes] = figure(6_000)
        results[.ours, .concurrentTransient] = figure(5_500)
        let text = Targets.markdown(results)
        #expect(
            text.contains(
                "- ❌ request scope (open, resolve a use case with two request-scoped and two singleton dependencies, close) "
                    + "≥ 3× faster than Swinject's child container per request: 2.50×"))
        #expect(text.contains("- ✅ request scope no slower than swift-dependencies' `withDependencies` with the same reads: 1.20×"))
        #expect(
            text.contains(
                "- ✅ 1,000 concurrent request scopes with a 5 ms `async` request-scoped factory within 1.5× of the same graph as "
                    + "`transient`: 1.09×"))
        #expect(!Targets.markdown(results, ratiosOnly: true).contains("concurrent request scopes"))
    }

    @Test("Instruction counts are checked against the ratio floors only")
    func ratiosOnly() {
        var results = Results()
        results[.ours, .singleton] = figure(120)
        results[.swinject, .singleton] = figure(9_000)
        let text = Targets.markdown(results, ratiosOnly: true)
        #expect(text.contains("- ✅ built singleton ≥ 4× faster than Swinject: 75.0×"))
        #expect(!text.contains("≤ 300 ns"))
        #expect(!text.contains("memory per registration"))
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

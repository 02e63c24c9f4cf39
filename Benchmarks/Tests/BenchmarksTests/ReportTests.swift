import Testing
@testable import Benchmarks

@Suite("Report: table rows and targets computed from the figures")
struct ReportTests {
    private func figure(_ value: Double) -> Figure? {
        Figure(samples: [value])
    }

    @Test("A row shows our figures, the ratio to hand-wiring and the speed-up over Swinject")
    func row() throws {
        var results = Results()
        results[.handWired, .oneDep] = figure(50)
        results[.ours, .oneDep] = figure(100)
        results[.swinject, .oneDep] = figure(2_000)
        let line = try #require(Table.markdown(results).split(separator: "\n").first { $0.contains("transient: one dep") })
        #expect(line == "| 2 | transient: one dep | 100 | 100 | 100 | 2.00× | 2,000 | 20.0× |")
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
}

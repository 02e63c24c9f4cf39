import Foundation
import Testing

@testable import GraphCheckCore

/// The fixture apps (Fixtures/Sources): each composition root, checked over its modules, gives
/// exactly the lines its sources mark `// expect: error <kind>` or `// expect: warning <kind>`.
@Suite("Fixture apps")
struct FixtureTests {
    /// Each root and the modules it is checked with.
    static let apps: [String: [String]] = [
        "CleanApp": ["CleanApp", "CleanFeature"],
        "MissingApp": ["MissingApp", "MissingCore", "MissingFeature"],
        "DuplicateApp": ["DuplicateApp", "DuplicateCore", "DuplicateFeature"],
        "MisspelledApp": ["MisspelledApp"],
        "ArgumentsApp": ["ArgumentsApp"],
        "CycleApp": ["CycleApp"],
        "CaptiveApp": ["CaptiveApp"],
        "DynamicApp": ["DynamicApp"],
    ]

    private struct Line: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        let severity: String
        let kind: String
        var description: String { "\(file):\(line): \(severity) \(kind)" }
    }

    private func inputs(_ app: String) -> [GraphCheck.Input] {
        (Self.apps[app] ?? []).flatMap { module in
            TestPaths.swiftFiles(under: TestPaths.fixtures.appending(path: module)).map { GraphCheck.Input(path: $0, module: module) }
        }
    }

    /// The lines the sources mark.
    private func expected(_ inputs: [GraphCheck.Input]) throws -> [Line] {
        var lines: [Line] = []
        for input in inputs {
            let text = try String(contentsOfFile: input.path, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let range = line.range(of: "// expect: ") else { continue }
                let words = line[range.upperBound...].split(separator: " ").map(String.init)
                guard words.count == 2 else { continue }
                lines.append(Line(file: input.path, line: index + 1, severity: words[0], kind: words[1]))
            }
        }
        return lines.sorted { $0.description < $1.description }
    }

    @Test("each fixture app gives exactly the expected lines", arguments: apps.keys.sorted())
    func fixture(app: String) throws {
        let inputs = inputs(app)
        #expect(!inputs.isEmpty)
        let report = try GraphCheck.check(files: inputs)
        let found = report.findings.map {
            Line(file: $0.place.path, line: $0.place.line, severity: $0.severity.rawValue, kind: $0.kind.rawValue)
        }
        #expect(found.sorted { $0.description < $1.description } == (try expected(inputs)), "\(report.findings)")
        #expect(report.hasRootMarker)
    }

    @Test("--strict makes what the checker cannot evaluate an error")
    func strict() throws {
        let report = try GraphCheck.check(files: inputs("DynamicApp"), strict: true)
        #expect(!report.findings.isEmpty)
        #expect(report.findings.allSatisfy { $0.severity == .error })
    }

    @Test("the missing registration is reported at the resolve that asks for it, in the runtime's words")
    func missingText() throws {
        let report = try GraphCheck.check(files: inputs("MissingApp"))
        let first = try #require(report.findings.first { $0.place.path.hasSuffix("FeedAssembly.swift") && $0.place.line == 16 })
        #expect(
            first.message
                == "Cannot resolve any CacheStore: nothing is registered for it. Path: FeedRepository → any CacheStore. "
                + "Fix: register it, e.g. container.register(any CacheStore.self) { r in … }.")
        #expect(first.place.column == 81)
    }

    @Test("the tool prints compiler-style lines and exits 1 on an error, 0 on a clean app")
    func tool() throws {
        let tool = try #require(TestPaths.tool, "build the package first (swift build --build-tests)")
        let missing = inputs("MissingApp").flatMap { ["--module", $0.module ?? "", $0.path] }
        let failing = try TestPaths.run(tool, missing)
        #expect(failing.status == 1)
        #expect(failing.output.contains("MissingFeature/FeedAssembly.swift:16:81: error: Cannot resolve any CacheStore"))
        let clean = try TestPaths.run(tool, inputs("CleanApp").map(\.path))
        #expect(clean.status == 0)
        #expect(clean.output.isEmpty)
    }
}

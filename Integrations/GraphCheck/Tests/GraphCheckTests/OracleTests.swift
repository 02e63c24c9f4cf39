import Foundation
import Testing

@testable import GraphCheckCore

/// `validate()` is the checker's oracle. Random graphs (GraphGenerator) with seeded defects are
/// compiled once, into one executable of a generated package that depends on the toolkit by path
/// (in this package's `.build/oracle`), which runs `validate()` on each graph and prints what it
/// reports; the checker reads the same sources. Every error the checker reports, `validate()`
/// reports too; and the checker finds at least 95 % of what `validate()` finds among the kinds it
/// claims (missing keys, misspelled names, argument mismatches, cycles, captive dependencies,
/// and — as warnings — duplicates).
@Suite("validate() as the oracle")
struct OracleTests {
    static let graphCount = 150
    static let seed: UInt64 = 45

    /// One problem, as `validate()` or the checker names it.
    struct Problem: Hashable, CustomStringConvertible {
        let graph: Int
        let kind: String
        let service: String
        var description: String { "G\(graph): \(kind) \(service)" }
    }

    @Test("every checker error is a validate() problem, and the checker finds at least 95 % of them")
    func oracle() throws {
        var sources: [(id: Int, source: String)] = []
        var seeded = 0
        for id in 0..<Self.graphCount {
            var generator = GraphGenerator(id: id, seed: Self.seed)
            let (source, defects) = generator.generate()
            sources.append((id, source))
            seeded += defects.count
        }
        let reported = try runValidate(sources)
        var checkerErrors: Set<Problem> = []
        var checkerFindings: Set<Problem> = []
        for (id, source) in sources {
            let report = GraphCheck.check(texts: [(path: "G\(id).swift", module: "Oracle", text: source)])
            for finding in report.findings where finding.kind != .unchecked {
                let problem = Problem(graph: id, kind: finding.kind.rawValue, service: finding.service)
                checkerFindings.insert(problem)
                if finding.severity == .error { checkerErrors.insert(problem) }
            }
        }
        let claimed: Set = ["notRegistered", "argumentMismatch", "circularDependency", "captiveDependency", "duplicate"]
        let oracle = reported.filter { claimed.contains($0.kind) }
        let falseErrors = checkerErrors.subtracting(reported)
        let found = oracle.intersection(checkerFindings)
        let errorKinds = oracle.filter { $0.kind != "duplicate" }
        let foundAsErrors = errorKinds.intersection(checkerErrors)
        let recall = oracle.isEmpty ? 1 : Double(found.count) / Double(oracle.count)
        let byKind = Dictionary(grouping: oracle, by: \.kind).mapValues(\.count)
        let foundByKind = Dictionary(grouping: found, by: \.kind).mapValues(\.count)
        print(
            "oracle: \(Self.graphCount) graphs, \(seeded) seeded defects; validate() reported \(reported.count) problems, "
                + "\(oracle.count) of the claimed kinds \(byKind); the checker reported \(checkerErrors.count) errors and "
                + "\(checkerFindings.count - checkerErrors.count) warnings of those kinds, \(falseErrors.count) false errors, found "
                + "\(found.count) (\(foundByKind)); recall \(String(format: "%.1f", recall * 100)) %; as errors "
                + "\(foundAsErrors.count) of \(errorKinds.count) (the rest as warnings: in a branch, or a duplicate)")
        #expect(falseErrors.isEmpty, "errors validate() did not report: \(falseErrors.sorted { $0.description < $1.description })")
        #expect(oracle.count >= Self.graphCount / 2, "too few problems to measure")
        let missed = oracle.subtracting(found).sorted { $0.description < $1.description }
        if !missed.isEmpty { print("oracle: missed \(missed)") }
        #expect(recall >= 0.95, "missed: \(oracle.subtracting(found).sorted { $0.description < $1.description })")
    }

    /// Writes the generated package, builds it once, runs it: what `validate()` reports for each
    /// graph.
    private func runValidate(_ sources: [(id: Int, source: String)]) throws -> Set<Problem> {
        let folder = TestPaths.package.appending(path: ".build/oracle")
        let sourcesFolder = folder.appending(path: "Sources/Oracle")
        try FileManager.default.createDirectory(at: sourcesFolder, withIntermediateDirectories: true)
        let toolkit = TestPaths.repository.standardizedFileURL
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "Oracle",
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: "\(toolkit.path)")],
                targets: [
                    .executableTarget(
                        name: "Oracle", dependencies: [.product(name: "DIContainer", package: "\(toolkit.lastPathComponent)")])
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try write(manifest, to: folder.appending(path: "Package.swift"))
        for (id, source) in sources { try write(source, to: sourcesFolder.appending(path: "G\(id).swift")) }
        let calls = sources.map { "    (\($0.id), G\($0.id).assemble(into:))," }.joined(separator: "\n")
        let main = """
            import DIContainer

            let graphs: [(Int, (Container) -> Void)] = [
            \(calls)
            ]
            for (id, assemble) in graphs {
                let container = Container()
                assemble(container)
                do {
                    try container.validate()
                } catch let error as ValidationError {
                    for problem in error.problems { print("\\(id)\\t\\(label(problem.kind))\\t\\(problem.service)") }
                    for duplicate in error.duplicates { print("\\(id)\\tduplicate\\t\\(duplicate.service)") }
                } catch {
                    print("\\(id)\\tother\\t\\(error)")
                }
            }

            func label(_ kind: ResolutionError.Kind) -> String {
                switch kind {
                case .notRegistered: "notRegistered"
                case .argumentMismatch: "argumentMismatch"
                case .circularDependency: "circularDependency"
                case .captiveDependency: "captiveDependency"
                default: "other"
                }
            }

            """
        try write(main, to: sourcesFolder.appending(path: "main.swift"))
        let swift = URL(fileURLWithPath: "/usr/bin/env")
        let build = try TestPaths.run(swift, ["swift", "build", "--package-path", folder.path])
        try #require(build.status == 0, "the oracle package did not build:\n\(build.output)")
        let binPath = try TestPaths.run(swift, ["swift", "build", "--package-path", folder.path, "--show-bin-path"])
        let executable = URL(fileURLWithPath: binPath.output.trimmingCharacters(in: .whitespacesAndNewlines)).appending(path: "Oracle")
        let run = try TestPaths.run(executable, [])
        try #require(run.status == 0, "the oracle executable failed")
        var problems: Set<Problem> = []
        for line in run.output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let id = Int(fields[0]) else { continue }
            problems.insert(Problem(graph: id, kind: fields[1], service: fields[2]))
        }
        return problems
    }

    /// Writes `text` unless the file already holds it (so a second run rebuilds nothing).
    private func write(_ text: String, to url: URL) throws {
        if let existing = try? String(contentsOf: url, encoding: .utf8), existing == text { return }
        try Data(text.utf8).write(to: url)
    }
}

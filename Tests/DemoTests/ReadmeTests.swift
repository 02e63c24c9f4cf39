import Foundation
import Testing
import TestSupport

@Suite("README")
struct ReadmeTests {
    @Test("the README's Mermaid graph is the current output of demo graph --format mermaid")
    func mermaidBlockIsCurrent() async throws {
        let readme = try String(contentsOf: DemoProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let opening = try #require(readme.range(of: "```mermaid\n"), "README.md has no ```mermaid block")
        let closing = try #require(readme.range(of: "```", range: opening.upperBound..<readme.endIndex))
        let block = String(readme[opening.upperBound..<closing.lowerBound])

        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["graph", "--format", "mermaid", "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(block == result.stdout, "regenerate the block with: swift run demo graph --format mermaid")
    }
}

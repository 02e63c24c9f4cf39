import DIContainerTestSupport
import Foundation
import Testing

@Suite("README")
struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: DemoProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The body of the first ```` ```<language> ```` block after `heading` (or in the whole file).
    static func block(_ language: String, after heading: String? = nil, in readme: String) throws -> String {
        let start =
            try heading.map { heading in
                try #require(readme.range(of: heading), "README.md has no \(heading)").upperBound
            } ?? readme.startIndex
        let opening = try #require(
            readme.range(of: "```\(language)\n", range: start..<readme.endIndex), "README.md has no ```\(language) block")
        let closing = try #require(readme.range(of: "```", range: opening.upperBound..<readme.endIndex))
        return String(readme[opening.upperBound..<closing.lowerBound])
    }

    @Test("the README's Mermaid graph is the current output of demo graph --format mermaid")
    func mermaidBlockIsCurrent() async throws {
        let block = try Self.block("mermaid", in: Self.readme())

        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["graph", "--format", "mermaid", "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(block == result.stdout, "regenerate the block with: swift run demo graph --format mermaid")
    }

    /// Runs the "Against a real server" recipe as a shell script, as written, but for three
    /// substitutions a test needs: a free port for 8080, the built demo for `swift run demo`, and
    /// a temporary cache folder.
    @Test("the README's real-server recipe works when run from a script")
    func realServerRecipe() async throws {
        let recipe = try Self.block("sh", after: "### Against a real server", in: Self.readme())
        #expect(recipe.contains("--detach"))
        #expect(recipe.contains("swift run demo --base-url http://127.0.0.1:8080\n"))

        let folder = try TemporaryDirectory(prefix: "DemoTests")
        defer { folder.remove() }
        let demo = try DemoProcess.executable().path
        let cache = folder.url.appendingPathComponent("cache").path
        let script = """
            cd '\(DemoProcess.packageRoot.path)'
            port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

            """
            + recipe
            .replacing("8080", with: "$port")
            .replacing("swift run demo", with: "'\(demo)' --cache-dir '\(cache)'")
        let scriptURL = folder.url.appendingPathComponent("recipe.sh")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)

        let result = try await DemoProcess.run([scriptURL.path], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.contains { $0.hasPrefix("demo: data from http://127.0.0.1:") }, "\(result)")
        #expect(
            result.lines.filter { $0.hasPrefix("[main]") }
                == [
                    "[main] loading", "[main] cache: empty", "[main] network: 4 categories, 6 recent, 5 recommended, 3 rankings",
                    "[main] done",
                ],
            "\(result)")
    }
}

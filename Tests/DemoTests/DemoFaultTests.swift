import DIContainerTestSupport
import Foundation
import Testing

/// The demo under faults: an unusable cache folder, a killed run and credentials in the server URL.
@Suite("demo: faults")
struct DemoFaultTests {
    @Test("an unusable cache folder gives one clear warning, and the network screen still shows")
    func unusableCacheFolder() async throws {
        let root = try TemporaryDirectory(prefix: "DemoTests")
        defer { root.remove() }
        try root.write("not a folder", to: "cache")
        let inTheWay = root.url.appendingPathComponent("cache").path

        let result = try await DemoProcess.run(["--cache-dir", inTheWay])

        #expect(result.status == 0, "\(result)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(result)")
        #expect(
            warnings.first?.hasPrefix(
                "demo: warning: running without a cache (cannot create cache folder \"\(inTheWay)\": a file is in the way)") == true)
        #expect(
            result.lines.filter { $0.hasPrefix("[") }
                == ["[main] loading", "[main] cache: empty", "[main] network: \(DemoRunTests.summary)", "[main] done"])
    }

    @Test("standard output is line-buffered into a pipe: a run killed while it waits has delivered its lines")
    func killedRunKeepsItsLines() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        // A minute of latency: the demo waits for its fixture answers long after the lines below.
        let run = try await DemoProcess.linesBeforeKill(
            ["--latency", "60000", "--cache-dir", cache.url.path], stop: { $0 == "[main] loading" }, timeoutSeconds: 30)
        #expect(run.wasRunning, "the lines must arrive while the demo runs: \(run)")
        #expect(run.lines.first?.hasPrefix("demo: data from embedded fixtures, 60000 ms latency;") == true, "\(run)")
        #expect(run.lines.last == "[main] loading", "\(run)")
    }

    @Test("credentials in --base-url are never printed")
    func credentialsRedacted() async throws {
        let fixtures = DemoProcess.packageRoot.appendingPathComponent("Sources/demo/Fixtures", isDirectory: true)
        let server = try await TestHTTPServer.start(fixturesDirectory: fixtures)
        defer { server.stop() }
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }

        let withCredentials = "http://user:secret@127.0.0.1:\(server.port)"
        let result = try await DemoProcess.run(["--base-url", withCredentials, "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.hasPrefix("demo: data from http://***@127.0.0.1:\(server.port);") == true)

        let unreachable = try await DemoProcess.run(["--base-url", "http://user:secret@127.0.0.1:9", "--cache-dir", cache.url.path])
        #expect(unreachable.status == 1)
        let badScheme = try await DemoProcess.run(["--base-url", "ftp://user:secret@example.com"])
        #expect(badScheme.status != 0)
        for run in [result, unreachable, badScheme] {
            #expect(!run.stdout.contains("secret") && !run.stderr.contains("secret"), "\(run)")
        }
    }
}

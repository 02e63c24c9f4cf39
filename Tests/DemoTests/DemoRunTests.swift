import DIContainerTestSupport
import Foundation
import Testing

@Suite("demo: the main screen")
struct DemoRunTests {
    static let summary = "4 categories, 6 recent, 5 recommended, 3 rankings"

    @Test("a first run shows an empty cache, then the network screen; a second run shows the cached screen first")
    func firstAndSecondRun() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }

        let first = try await DemoProcess.run(["--cache-dir", cache.url.path])
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr.isEmpty, "\(first)")
        #expect(first.lines.first?.hasPrefix("demo: data from embedded fixtures; cache in \(cache.url.path)") == true)
        let firstSteps = first.lines.filter { $0.hasPrefix("[main]") }
        #expect(firstSteps == ["[main] loading", "[main] cache: empty", "[main] network: \(Self.summary)", "[main] done"])
        // The cache work runs on the background scheduler: misses on the first run, then writes.
        let firstCacheWork = first.lines.filter { $0.contains(" cache read ") || $0.contains(" cache write ") }
        #expect(firstCacheWork.allSatisfy { $0.hasPrefix("[background] cache ") }, "\(first)")
        // Each line names the service that asked for the store (r.requester).
        #expect(first.lines.contains("[background] cache read courses.recent: miss (no entry) · for CourseRepository (name: local)"))
        #expect(first.lines.contains("[background] cache write courses.recent · for CourseRepository"))
        #expect(first.stdout.contains("  categories: Programming · Design · Business · Data Science"))
        #expect(first.stdout.contains("    - Design Systems that Scale · 100% ★"))
        #expect(first.stdout.contains("  ranking \"Top rated\":"))
        let cached = try FileManager.default.contentsOfDirectory(atPath: cache.url.path)
        #expect(!cached.isEmpty)

        let second = try await DemoProcess.run(["--cache-dir", cache.url.path])
        #expect(second.status == 0, "\(second)")
        let secondSteps = second.lines.filter { $0.hasPrefix("[main]") }
        #expect(
            secondSteps == [
                "[main] loading", "[main] cache: \(Self.summary)",
                "[main] network: \(Self.summary) (unchanged from the cache)", "[main] done",
            ])
        #expect(second.stdout.contains("    - Design Systems that Scale · 100% ★"))
        #expect(second.lines.contains("[background] cache read courses.recent: hit · for CourseRepository (name: local)"))
        #expect(
            second.lines.filter { $0.hasPrefix("[") && !$0.hasPrefix("[main]") }
                .allSatisfy { $0.hasPrefix("[background] cache ") }, "\(second)")
    }

    @Test("a copy of the demo without its resource bundle says so and exits 1 instead of trapping")
    func missingResourceBundle() async throws {
        let folder = try TemporaryDirectory(prefix: "DemoTests")
        defer { folder.remove() }
        let copy = folder.url.appendingPathComponent("demo")
        try await DemoProcess.copyExecutable(to: copy)

        let result = try await DemoProcess.run(["--cache-dir", folder.url.appendingPathComponent("cache").path], executable: copy)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("the embedded fixtures are missing from the demo's resource bundle"), "\(result)")
    }

    @Test("simulated latency is reported and changes nothing else")
    func latency() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["--latency", "20", "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.contains("embedded fixtures, 20 ms latency") == true)
        #expect(result.lines.contains("[main] network: \(Self.summary)"))
    }

    @Test("every run prints the loading line before any cache work: the background work waits for it")
    func loadingComesFirst() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        // A warm cache makes the race likeliest: its reads are quick. Before the fix about 1 run
        // in 6 printed a cache read first; 24 runs would have caught it all but surely.
        _ = try await DemoProcess.run(["--cache-dir", cache.url.path])
        for _ in 0..<24 {
            let run = try await DemoProcess.run(["--cache-dir", cache.url.path])
            #expect(run.status == 0, "\(run)")
            #expect(run.lines.dropFirst().first == "[main] loading", "\(run)")
        }
        for _ in 0..<6 {
            let detail = try await DemoProcess.run(["detail", "103", "--cache-dir", cache.url.path])
            #expect(detail.lines.first == "[main] loading", "\(detail)")
        }
    }

    @Test("an unreachable server fails with a clear message and exit 1, after showing the cached screen")
    func unreachableServer() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let unreachable = ["--base-url", "http://127.0.0.1:9", "--cache-dir", cache.url.path]

        let cold = try await DemoProcess.run(unreachable)
        #expect(cold.status == 1, "\(cold)")
        #expect(cold.lines.filter { $0.hasPrefix("[main]") } == ["[main] loading", "[main] cache: empty", "[main] failed"])
        #expect(cold.stderr.contains("[main] error: Couldn't refresh the courses: "), "\(cold)")
        #expect(cold.stderr.contains("cannot connect (http://127.0.0.1:9/"), "\(cold)")
        #expect(cold.stderr.contains(" (3 attempts)"), "the message counts the retried attempts: \(cold)")

        let filled = try await DemoProcess.run(["--cache-dir", cache.url.path])
        #expect(filled.status == 0, "\(filled)")

        let warm = try await DemoProcess.run(unreachable)
        #expect(warm.status == 1, "\(warm)")
        #expect(warm.lines.filter { $0.hasPrefix("[main]") } == ["[main] loading", "[main] cache: \(Self.summary)", "[main] failed"])
        #expect(warm.stdout.contains("    - Design Systems that Scale · 100% ★"))
        #expect(warm.stderr.contains("Couldn't refresh the courses"), "\(warm)")
    }

    @Test("against the Python test server it shows the network screen")
    func realServer() async throws {
        let fixtures = DemoProcess.packageRoot.appendingPathComponent("Sources/demo/Fixtures", isDirectory: true)
        let server = try await TestHTTPServer.start(fixturesDirectory: fixtures)
        defer { server.stop() }
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }

        let result = try await DemoProcess.run(["--base-url", server.baseURL.absoluteString, "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.hasPrefix("demo: data from \(server.baseURL.absoluteString);") == true)
        #expect(
            result.lines.filter { $0.hasPrefix("[main]") }
                == ["[main] loading", "[main] cache: empty", "[main] network: \(Self.summary)", "[main] done"])
        #expect(result.stdout.contains("    - Swift Concurrency in Practice · 45%"))

        let detail = try await DemoProcess.run([
            "detail", "101", "--base-url", server.baseURL.absoluteString, "--cache-dir", cache.url.path,
        ])
        #expect(detail.status == 0, "\(detail)")
        #expect(detail.lines.contains("[main] course 101: Swift Concurrency in Practice · Ana Ruiz · 260 min · 45%"))
    }
}

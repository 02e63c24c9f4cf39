import DIContainer
import DIContainerTestSupport
import DIContainerTesting
import DIDemoAppAssembly
import Foundation
import Testing

/// Over the fixtures, as the demo runs: in the mock-server context.
@Suite("demo: commands", .addingContexts([.mockServer]))
struct DemoCommandTests {
    /// The same app as the demo's, assembled in the test: the demo must print what it knows.
    static func assembledApp(cache: URL) -> Container {
        let container = Container()
        let fixtures = DemoProcess.packageRoot.appendingPathComponent("Sources/demo/Fixtures", isDirectory: true)
        AppAssembly(configuration: AppConfiguration(backend: .fixtures(directory: fixtures), cacheDirectory: cache))
            .assemble(into: container)
        return container
    }

    @Test("validate says the container is valid and exits 0")
    func validate() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["validate", "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "The container is valid: 25 registrations, every dependency registered, no cycles.\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("validate --without a part prints every problem on standard error and exits 1")
    func validateWithout() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["validate", "--without", "AppConfiguration", "--cache-dir", cache.url.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(
            result.stderr == """
                The container has 4 problems:
                1. InfrastructureAssembly requires AppConfiguration; no applied assembly registers it. Fix: apply the \
                assembly that registers AppConfiguration before validating, or register it
                2. Cannot resolve AppConfiguration: nothing is registered for it. Path: APIConfiguration → AppConfiguration. \
                Fix: register it, e.g. container.register(AppConfiguration.self) { r in … }.
                3. Cannot resolve AppConfiguration: nothing is registered for it. Path: CacheStore → AppConfiguration. \
                Fix: register it, e.g. container.register(AppConfiguration.self) { r in … }.
                4. Cannot resolve AppConfiguration: nothing is registered for it. Path: Transport → AppConfiguration. \
                Fix: register it, e.g. container.register(AppConfiguration.self) { r in … }.

                """)

        let layer = try await DemoProcess.run(["validate", "--without", "InfrastructureAssembly", "--cache-dir", cache.url.path])
        #expect(layer.status == 1, "\(layer)")
        #expect(
            layer.stderr.hasPrefix("The container has 13 problems:\n1. RepositoryAssembly requires APIClient; no applied assembly"),
            "\(layer)")
        #expect(layer.stderr.contains("Path: CourseRepository (name: local) → CacheStore."), "\(layer)")
    }

    @Test("graph prints the assembled container's graph", arguments: GraphFormat.allCases)
    func graph(format: GraphFormat) async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["graph", "--format", format.rawValue, "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.assembledApp(cache: cache.url).graph(format: format))
        let edges = result.lines.filter { $0.contains(format == .dot ? " -> " : " --> ") }
        #expect(edges.count == 52)
        #expect(result.stdout.hasPrefix(format == .dot ? "digraph Container {" : "graph LR"))
    }

    @Test("graph defaults to Mermaid")
    func graphDefault() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["graph", "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("graph LR\n"))
    }

    @Test("registrations shows the transport's variant for --mock-server and its live-only mark")
    func registrationsShowVariants() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        for arguments in [["registrations"], ["registrations", "--mock-server"]] {
            let result = try await DemoProcess.run(arguments + ["--cache-dir", cache.url.path])
            #expect(result.status == 0, "\(result)")
            let transport = try #require(result.lines.first { $0.hasPrefix("  Transport ·") })
            #expect(
                transport.hasPrefix(
                    "  Transport · singleton · depends on AppConfiguration · registered at DIDemoAppAssembly/InfrastructureAssembly.swift:")
            )
            #expect(transport.hasSuffix(" · when argument --mock-server (singleton) · live-only"))
        }
    }

    @Test("--mock-server runs over the fixtures; against a server the demo is no test: its live-only transport answers")
    func mockServerAndLiveTransport() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let mock = try await DemoProcess.run(["--mock-server", "--cache-dir", cache.url.path])
        #expect(mock.status == 0, "\(mock)")
        #expect(mock.lines.first?.hasPrefix("demo: data from embedded fixtures;") == true, "\(mock)")
        // Validation builds the transport; in a test context the live-only one would be refused.
        let live = try await DemoProcess.run(["validate", "--base-url", "http://127.0.0.1:9", "--cache-dir", cache.url.path])
        #expect(live.status == 0, "\(live)")
        #expect(live.stdout == "The container is valid: 25 registrations, every dependency registered, no cycles.\n")
    }

    @Test("registrations lists every registration with its lifetime and dependencies")
    func registrations() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["registrations", "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "25 registrations:")
        #expect(result.lines.filter { $0.hasPrefix("  ") }.count == 25)
        #expect(
            result.stdout.contains(
                "  MainPresenter · transient · depends on MainScreenLoading (name: local), MainScreenLoading, Scheduler · registered at DIDemoAppAssembly/PresentationAssembly.swift:"
            ))
        #expect(
            result.stdout.contains(
                "  CourseRepository (name: local) · transient · depends on CacheStore, Scheduler (name: background) · registered at DIDemoAppAssembly/RepositoryAssembly.swift:"
            ))
        #expect(
            result.stdout.contains(
                "  CourseDetailPresenter · arguments (Int) · transient · depends on CourseDetailLoading, Scheduler"))
    }

    @Test(
        "graph and registrations of an incomplete assembly show it, print its problems and exit 0 (only validate exits 1)",
        arguments: ["graph", "registrations"])
    func showIncomplete(command: String) async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        for part in ["AppConfiguration", "InfrastructureAssembly"] {
            let result = try await DemoProcess.run([command, "--without", part, "--cache-dir", cache.url.path])
            #expect(result.status == 0, "\(result)")
            #expect(!result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.hasPrefix("The container has "), "\(result)")
            #expect(result.stderr.contains(" problems:\n1. "), "\(result)")
            #expect(result.stderr.contains(" requires "), "\(result)")
        }
    }

    @Test("detail shows one course through the runtime-argument presenter")
    func detail() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["detail", "103", "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines.filter { $0.hasPrefix("[main]") } == [
                "[main] loading", "[main] course 103: Typography for Interfaces · Marta Nowak · 140 min", "[main] done",
            ])
        #expect(
            result.lines.filter { !$0.hasPrefix("[main]") && !$0.isEmpty }.allSatisfy { $0.hasPrefix("[background] cache ") }, "\(result)")
    }

    @Test("detail of an unknown course says so, ends with failed rather than done, and exits 1")
    func detailUnknown() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["detail", "999", "--cache-dir", cache.url.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("[main] error: No course has id 999: it is not in the catalogue"), "\(result)")
        // It does not say done after the failure.
        #expect(result.lines.filter { $0.hasPrefix("[main]") } == ["[main] loading", "[main] failed"], "\(result)")
        #expect(!result.stdout.contains("[main] done"), "\(result)")
    }

    @Test("--help prints the usage and exits 0")
    func help() async throws {
        let result = try await DemoProcess.run(["--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: demo [<command>] [options]"))
        #expect(result.stdout.contains("--base-url <url>"))
    }

    @Test(
        "a bad command line prints what is wrong and a usage hint, and exits 2",
        arguments: [
            (["--bogus"], "unknown option '--bogus'"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["--latency"], "--latency needs a value"),
            (["--latency", "soon"], "--latency expects a whole number ≥ 0 (milliseconds), got 'soon'"),
            (["--cache-dir"], "--cache-dir needs a value"),
            (["--base-url", "not a url"], "--base-url expects an http(s) URL such as http://127.0.0.1:8080, got 'not a url'"),
            (["graph", "--format", "png"], "--format must be dot or mermaid, got 'png'"),
            (["validate", "--format", "dot"], "--format applies only to the graph command"),
            (["detail"], "detail needs a course id"),
            (["detail", "x"], "detail expects a whole number ≥ 0 (a course id), got 'x'"),
            (["detail", "-1"], "detail expects a whole number ≥ 0 (a course id), got '-1'"),
            (["--latency", "\(Int.max)"], "--latency expects at most 60000 (milliseconds), got '\(Int.max)'"),
            (["--base-url", "http://127.0.0.1:99999"], "--base-url expects a port from 1 to 65535, got 99999 in 'http://127.0.0.1:99999'"),
            (["validate", "extra"], "unexpected argument 'extra' after 'validate'"),
            (
                ["validate", "--without", "CacheStore"],
                "--without expects one of AppConfiguration, SchedulingAssembly, InfrastructureAssembly, RepositoryAssembly, UseCaseAssembly, PresentationAssembly, SessionAssembly, got 'CacheStore'"
            ),
        ]
    )
    func badCommandLine(arguments: [String], message: String) async throws {
        let result = try await DemoProcess.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("demo: \(message)"), "\(result)")
        #expect(result.stderr.hasSuffix("Run 'demo --help' for usage.\n"), "\(result)")
    }

    @Test("session shows the session, signs out, and shows a new session")
    func session() async throws {
        let cache = try TemporaryDirectory(prefix: "DemoTests")
        defer { cache.remove() }
        let result = try await DemoProcess.run(["session", "--cache-dir", cache.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                session #1 of guest (the same instance on every resolve)
                signed out: the session scope was reset; its onShutdown hook ended session #1
                session #2 of guest (a new instance)

                """)
    }
}

import DIContainerTestSupport
import DIDemoInfrastructure
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("FixtureTransport")
struct FixtureTransportTests {
    private func get(_ transport: FixtureTransport, _ path: String) async throws -> (String, Int) {
        let url = try #require(URL(string: "https://api.example.com\(path)"))
        let (data, response) = try await transport.send(URLRequest(url: url))
        return (String(decoding: data, as: UTF8.self), response.statusCode)
    }

    @Test("a URL path maps to <route>.json under the directory; the query is ignored")
    func directoryRoutes() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try root.write(#"{"secret": true}"#, to: "secret.json")
        try root.write(#"{"items": [1]}"#, to: "fixtures/courses/recent.json")
        try root.write(#"{"items": [2]}"#, to: "fixtures/categories.json")
        let transport = FixtureTransport(directory: root.url.appendingPathComponent("fixtures"))

        #expect(try await get(transport, "/courses/recent?limit=3&x=%26") == (#"{"items": [1]}"#, 200))
        #expect(try await get(transport, "/categories/") == (#"{"items": [2]}"#, 200))
        let (body, status) = try await get(transport, "/courses/unknown")
        #expect(status == 404)
        #expect(body.contains("no fixture for route courses/unknown"))
        #expect(try await get(transport, "/../secret").1 == 404)
        #expect(try await get(transport, "/courses/../../secret").1 == 404)
        #expect(try await get(transport, "/").1 == 404)
        #expect(transport.requests.count == 6)
    }

    @Test("in-memory fixtures accept routes with or without a leading slash or .json")
    func memoryRoutes() async throws {
        let transport = FixtureTransport(fixtures: [
            "/a": Data("A".utf8), "b.json": Data("B".utf8), "c/d": Data("D".utf8),
        ])
        #expect(try await get(transport, "/a") == ("A", 200))
        #expect(try await get(transport, "/b") == ("B", 200))
        #expect(try await get(transport, "/c/d?q=1") == ("D", 200))
        #expect(try await get(transport, "/c").1 == 404)
    }

    @Test("injected failures hit the first N requests of their route, in order, then the fixture")
    func injectedFailures() async throws {
        let reset = TransportError(.connectionLost, message: "reset")
        let transport = FixtureTransport(
            fixtures: ["a": Data("A".utf8), "b": Data("B".utf8)],
            failures: [
                .status(503, route: "/a", times: 2, headers: ["Retry-After": "1"], body: "busy"),
                .transport(reset, route: "a"),
            ])
        let url = try #require(URL(string: "https://api.example.com/a"))
        let (body, first) = try await transport.send(URLRequest(url: url))
        #expect(first.statusCode == 503)
        #expect(String(decoding: body, as: UTF8.self) == "busy")
        #expect(first.value(forHTTPHeaderField: "Retry-After") == "1")
        #expect(try await get(transport, "/b") == ("B", 200))
        #expect(try await get(transport, "/a").1 == 503)
        await #expect(throws: reset) { try await transport.send(URLRequest(url: url)) }
        #expect(try await get(transport, "/a") == ("A", 200))
        #expect(transport.requestCount(forPath: "/a") == 4)
        #expect(transport.requestCount(forPath: "b") == 1)
    }

    @Test("latency is cancellable")
    func cancellableLatency() async throws {
        let base = FixtureTransport(fixtures: ["a": Data("A".utf8)], latency: .seconds(3600))
        let transport = SignallingTransport(base: base)
        let url = try #require(URL(string: "https://api.example.com/a"))
        let task = Task { try await transport.send(URLRequest(url: url)) }
        try await transport.started.receive()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

import DIContainerTestSupport
import DIDemoInfrastructure
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionTransport` and `APIClient` against the real HTTP server `test_server.py`, which
/// each test starts on 127.0.0.1 and stops.
@Suite("URLSessionTransport against a real HTTP server")
struct URLSessionTransportTests {
    struct Flaky: Decodable, Sendable, Equatable {
        let key: String
        let attempts: Int
    }

    struct FlakyRequest: Request {
        typealias Response = Flaky
        struct Query: Encodable, Sendable {
            var key: String
            var failures: Int
        }
        var path: String { "/_test/flaky" }
        var query: Query
    }

    struct EchoQuery: Decodable, Sendable {
        let raw: String
        let pairs: [[String]]
    }

    struct EchoQueryRequest<Query: Encodable & Sendable>: Request {
        typealias Response = EchoQuery
        var path: String { "/_test/echo-query" }
        var query: Query
    }

    struct Path: Request {
        typealias Response = ListEnvelope<APITest.CourseDTO>
        var path: String
        var settings = RequestSettings()
    }

    struct SlowRequest: Request {
        typealias Response = EmptyResponse
        struct Query: Encodable, Sendable { var seconds: Double }
        var path: String { "/_test/slow" }
        var query: Query
        var settings: RequestSettings
    }

    /// Runs `body` with a fresh server serving `/courses/recent`, and stops it afterwards.
    private func withServer(
        _ body: (TestHTTPServer) async throws -> Void
    ) async throws {
        let fixtures = try TemporaryDirectory()
        defer { fixtures.remove() }
        try fixtures.write(APITest.recentJSON, to: "courses/recent.json")
        let server = try await TestHTTPServer.start(fixturesDirectory: fixtures.url)
        defer { server.stop() }
        try await body(server)
    }

    private func client(_ server: TestHTTPServer, recorder: DelayRecorder = DelayRecorder()) -> APIClient {
        APIClient(
            configuration: APIConfiguration(baseURL: server.baseURL, defaultTimeout: .seconds(10)),
            transport: URLSessionTransport(), retryPolicy: recorder.policy())
    }

    @Test("a fixture route is served and decoded")
    func success() async throws {
        try await withServer { server in
            let courses = try await client(server).send(Path(path: "/courses/recent")).items
            #expect(courses.map(\.title) == ["Swift Concurrency", "SwiftUI Layout"])
        }
    }

    @Test("the raw transport returns body and status of any response")
    func rawTransport() async throws {
        try await withServer { server in
            let url = server.baseURL.appendingPathComponent("_test/status/418")
            let (data, response) = try await URLSessionTransport().send(URLRequest(url: url))
            #expect(response.statusCode == 418)
            #expect(String(decoding: data, as: UTF8.self).contains("status 418 requested"))
        }
    }

    @Test("503 twice then 200: the client retries and succeeds")
    func retryAfterServiceUnavailable() async throws {
        try await withServer { server in
            let recorder = DelayRecorder()
            let result = try await client(server, recorder: recorder)
                .send(FlakyRequest(query: .init(key: "retry", failures: 2)))
            #expect(result == Flaky(key: "retry", attempts: 3))
            #expect(recorder.recorded == [.milliseconds(200), .milliseconds(400)])
        }
    }

    @Test("404 fails at once with the status and the server's message")
    func notFound() async throws {
        try await withServer { server in
            let recorder = DelayRecorder()
            let error = try await #require(throws: APIError.self) {
                try await client(server, recorder: recorder).send(Path(path: "/_test/status/404"))
            }
            #expect(error.statusCode == 404)
            #expect(error.description.contains("status 404 requested"))
            #expect(recorder.recorded.isEmpty)

            let missing = try await #require(throws: APIError.self) {
                try await client(server).send(Path(path: "/courses/none"))
            }
            #expect(missing.statusCode == 404)
        }
    }

    @Test("malformed JSON is a decoding error naming the request")
    func malformedJSON() async throws {
        try await withServer { server in
            let error = try await #require(throws: APIError.self) {
                try await client(server).send(Path(path: "/_test/malformed"))
            }
            guard case .decoding(let reason, let request) = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
            #expect(request.description == "GET /_test/malformed")
            #expect(reason.contains("invalid data"))
        }
    }

    @Test("a response slower than the request timeout fails with a timed-out transport error")
    func timeout() async throws {
        try await withServer { server in
            let request = SlowRequest(
                query: .init(seconds: 30), settings: RequestSettings(maxRetries: 0, timeout: .milliseconds(500)))
            let error = try await #require(throws: APIError.self) { try await client(server).send(request) }
            guard case .transport(let transportError, _) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(transportError.kind == .timedOut)
            #expect(error.description.hasPrefix("GET /_test/slow: timed out (http://127.0.0.1:\(server.port)/_test/slow)"))

            // Retried, the message counts the attempts: each waited the whole timeout.
            let retried = SlowRequest(
                query: .init(seconds: 30), settings: RequestSettings(maxRetries: 1, timeout: .milliseconds(300)))
            let twice = try await #require(throws: APIError.self) {
                try await client(server).send(retried)
            }
            #expect(twice.description.hasSuffix(" (2 attempts)"), "\(twice)")
        }
    }

    @Test("cancelling a slow request throws CancellationError")
    func cancellation() async throws {
        try await withServer { server in
            let transport = SignallingTransport(base: URLSessionTransport())
            let client = APIClient(configuration: APIConfiguration(baseURL: server.baseURL), transport: transport)
            let task = Task {
                try await client.send(SlowRequest(query: .init(seconds: 30), settings: RequestSettings()))
            }
            try await transport.started.receive()
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
        }
    }

    @Test("after stop() the server is gone: connecting fails with a cannot-connect transport error")
    func stoppedServer() async throws {
        let fixtures = try TemporaryDirectory()
        defer { fixtures.remove() }
        let server = try await TestHTTPServer.start(fixturesDirectory: fixtures.url)
        let client = client(server)
        #expect(try await client.send(EchoQueryRequest(query: ["alive": "yes"])).pairs == [["alive", "yes"]])
        server.stop()
        server.stop()
        let error = try await #require(throws: APIError.self) {
            try await client.send(Path(path: "/courses/recent", settings: RequestSettings(maxRetries: 0)))
        }
        guard case .transport(let transportError, _) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(transportError.kind == .cannotConnect)
    }

    struct Tricky: Encodable, Sendable {
        var value: String
        var tags: [String]
        var after = "end"
    }

    static let trickyValues = [
        "a&b=c", "1+1=2", "#hash", "100% sure", "two  spaces ", "café ☕ 日本", "x=&y=", "a,b",
    ]

    @Test(
        "query values with reserved characters arrive as exactly one parameter each",
        arguments: trickyValues)
    func queryRoundTrip(value: String) async throws {
        try await withServer { server in
            let query = Tricky(value: value, tags: [value, "plain"])
            let repeated = APIClient(
                configuration: APIConfiguration(baseURL: server.baseURL),
                transport: URLSessionTransport(),
                queryEncoder: QueryEncoder(arrayEncodingStrategy: .repeatedKeys))
            let echo = try await repeated.send(EchoQueryRequest(query: query))
            #expect(echo.pairs == [["value", value], ["tags", value], ["tags", "plain"], ["after", "end"]])
        }
    }
}

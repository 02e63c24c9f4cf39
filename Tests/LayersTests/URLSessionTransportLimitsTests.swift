import DIContainerTestSupport
import DIDemoInfrastructure
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a server can make `URLSessionTransport` do is bounded: an oversized body fails with a
/// typed error, a redirect loop ends after the transport's limit and is not retried, and
/// cancellation ends a request at once.
@Suite("URLSessionTransport limits")
struct URLSessionTransportLimitsTests {
    struct Hits: Decodable, Sendable {
        let hits: Int
    }

    struct HitsRequest: Request {
        typealias Response = Hits
        struct Query: Encodable, Sendable { var key: String }
        var path: String { "/_test/hits" }
        var query: Query
    }

    struct RedirectLoop: Request {
        typealias Response = EmptyResponse
        struct Query: Encodable, Sendable { var key: String }
        var path: String { "/_test/redirect-loop" }
        var query: Query
    }

    private func withServer(_ body: (TestHTTPServer) async throws -> Void) async throws {
        let fixtures = try TemporaryDirectory()
        defer { fixtures.remove() }
        let server = try await TestHTTPServer.start(fixturesDirectory: fixtures.url)
        defer { server.stop() }
        try await body(server)
    }

    private func largeURL(_ server: TestHTTPServer, bytes: Int, chunked: Bool) throws -> URL {
        try #require(URL(string: "\(server.baseURL.absoluteString)/_test/large?bytes=\(bytes)&chunked=\(chunked ? 1 : 0)"))
    }

    @Test(
        "a body over the limit fails with responseTooLarge, announced or chunked; one at the limit arrives whole",
        arguments: [false, true])
    func responseSizeLimit(chunked: Bool) async throws {
        try await withServer { server in
            let transport = URLSessionTransport(maxResponseBytes: 100_000)
            let error = try await #require(throws: TransportError.self) {
                try await transport.send(URLRequest(url: largeURL(server, bytes: 300_000, chunked: chunked)))
            }
            #expect(error.kind == .responseTooLarge(limit: 100_000))
            #expect(!error.isTransient)
            #expect(error.description.hasPrefix("response larger than 100000 bytes ("))

            let (data, response) = try await transport.send(URLRequest(url: largeURL(server, bytes: 100_000, chunked: chunked)))
            #expect(response.statusCode == 200)
            #expect(data.count == 100_000)
        }
    }

    @Test("a redirect loop fails after the redirect limit with tooManyRedirects and is not retried")
    func redirectLoop() async throws {
        try await withServer { server in
            let recorder = DelayRecorder()
            let client = APIClient(
                configuration: APIConfiguration(baseURL: server.baseURL),
                transport: URLSessionTransport(maxRedirects: 3), retryPolicy: recorder.policy())
            let error = try await #require(throws: APIError.self) {
                try await client.send(RedirectLoop(query: .init(key: "loop")))
            }
            guard case .transport(let transportError, _) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(transportError.kind == .tooManyRedirects)
            #expect(recorder.recorded.isEmpty)
            // The first request and the three redirects followed; no retry.
            #expect(try await client.send(HitsRequest(query: .init(key: "loop"))).hits == 4)
        }
    }

    @Test("only timeouts and connection failures are transient")
    func transientKinds() {
        let kinds: [(TransportError.Kind, Bool)] = [
            (.timedOut, true), (.cannotConnect, true), (.connectionLost, true), (.invalidResponse, false),
            (.tooManyRedirects, false), (.responseTooLarge(limit: 1), false), (.other(code: -1), false),
        ]
        for (kind, transient) in kinds {
            #expect(TransportError(kind, message: "").isTransient == transient, "\(kind)")
        }
        #expect(TransportError(URLError(.httpTooManyRedirects), url: nil).kind == .tooManyRedirects)
    }

    @Test("a task cancelled before sending throws CancellationError without a request")
    func cancelledBeforeSending() async throws {
        try await withServer { server in
            let transport = URLSessionTransport()
            let url = try #require(URL(string: "\(server.baseURL.absoluteString)/_test/redirect-loop?key=never"))
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await transport.send(URLRequest(url: url))
            }
            await #expect(throws: CancellationError.self) { try await task.value }
            let client = APIClient(configuration: APIConfiguration(baseURL: server.baseURL), transport: transport)
            #expect(try await client.send(HitsRequest(query: .init(key: "never"))).hits == 0)
        }
    }

    @Test("credentials in a URL never appear in a description")
    func redaction() throws {
        let url = try #require(URL(string: "http://user:secret@127.0.0.1:8080/v1/courses?token=abc#frag"))
        #expect(url.redactedDescription == "http://***@127.0.0.1:8080/v1/courses")
        let error = TransportError(.timedOut, url: url, message: "no response within 1 seconds")
        #expect(!error.description.contains("secret"))
        #expect(!error.description.contains("user"))
        #expect(!error.description.contains("token"))
        #expect(try #require(URL(string: "https://example.com/a")).redactedDescription == "https://example.com/a")
    }
}

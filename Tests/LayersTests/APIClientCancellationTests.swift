import DIDemoInfrastructure
import Foundation
import Testing

@Suite("APIClient cancellation and authentication")
struct APIClientCancellationTests {
    @Test("cancelling during a slow response throws CancellationError without retrying")
    func cancelInFlight() async throws {
        let base = APITest.transport(latency: .seconds(3600))
        let transport = SignallingTransport(base: base)
        let client = APITest.client(transport)
        let task = Task { try await client.send(APITest.RecentCourses()) }
        try await transport.started.receive()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(base.requestCount(forPath: "/courses/recent") == 1)
    }

    @Test("cancelling during the back-off wait stops without another attempt")
    func cancelDuringBackOff() async throws {
        let transport = APITest.transport(failures: [.status(503, route: "/courses/recent", times: 5)])
        let sleeping = Inbox<Duration>()
        let policy = RetryPolicy { delay in
            sleeping.send(delay)
            try await Task.sleep(for: .seconds(3600))
        }
        let client = APITest.client(transport, retryPolicy: policy)
        let task = Task { try await client.send(APITest.RecentCourses()) }
        #expect(try await sleeping.receive() == .milliseconds(200))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(transport.requestCount(forPath: "/courses/recent") == 1)
    }

    @Test("a cancelled task stops even when the injected sleep ignores cancellation")
    func cancelWithUncooperativeSleep() async throws {
        let transport = APITest.transport(failures: [.status(503, route: "/courses/recent", times: 5)])
        let policy = RetryPolicy { _ in
            withUnsafeCurrentTask { $0?.cancel() }
        }
        let client = APITest.client(transport, retryPolicy: policy)
        await #expect(throws: CancellationError.self) { try await client.send(APITest.RecentCourses()) }
        #expect(transport.requestCount(forPath: "/courses/recent") == 1)
    }

    @Test("an already cancelled task sends nothing")
    func cancelledBeforeSending() async throws {
        let transport = APITest.transport()
        let client = APITest.client(transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(APITest.RecentCourses())
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(transport.requests.isEmpty)
    }

    static let token = "s3cr3t-T0KEN-value"

    @Test("an authenticated request carries the bearer token; others do not")
    func sendsBearerToken() async throws {
        let transport = APITest.transport()
        let client = APITest.client(transport, tokenProvider: StaticTokenProvider(Self.token))
        _ = try await client.send(APITest.RecentCourses(settings: RequestSettings(requiresAuthentication: true)))
        _ = try await client.send(APITest.RecentCourses())
        let sent = transport.requests
        #expect(sent.first?.value(forHTTPHeaderField: "Authorization") == "Bearer \(Self.token)")
        #expect(sent.last?.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("the token never appears in errors or descriptions")
    func tokenIsRedacted() async throws {
        let provider = StaticTokenProvider(Self.token)
        let transport = APITest.transport(failures: [.status(401, route: "/courses/recent", body: "unauthorized")])
        let client = APITest.client(transport, tokenProvider: provider)
        let error = try await #require(throws: APIError.self) {
            try await client.send(APITest.RecentCourses(settings: RequestSettings(requiresAuthentication: true)))
        }
        var dumped = ""
        dump(provider, to: &dumped)
        let texts = [
            String(describing: error), String(reflecting: error), String(describing: provider),
            String(reflecting: provider), dumped, String(describing: client),
        ]
        #expect(error.statusCode == 401)
        for text in texts {
            #expect(!text.contains(Self.token), "leaked in: \(text)")
        }
    }

    @Test("authentication without a usable token provider fails with a clear error")
    func missingToken() async throws {
        let settings = RequestSettings(requiresAuthentication: true)
        let transport = APITest.transport()
        let noProvider = try await #require(throws: APIError.self) {
            try await APITest.client(transport).send(APITest.RecentCourses(settings: settings))
        }
        #expect(
            noProvider.description
                == "GET /courses/recent: no authentication token: the request requires authentication but the client has no token provider")
        let failing = try await #require(throws: APIError.self) {
            try await APITest.client(transport, tokenProvider: FailingTokenProvider())
                .send(APITest.RecentCourses(settings: settings))
        }
        #expect(failing.description == "GET /courses/recent: no authentication token: the keychain is locked")
        #expect(transport.requests.isEmpty)
    }
}

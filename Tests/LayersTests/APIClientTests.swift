import DIDemoInfrastructure
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("APIClient")
struct APIClientTests {
    @Test("a list envelope decodes with snake_case keys and ISO 8601 dates")
    func decodesListEnvelope() async throws {
        let client = APITest.client(APITest.transport())
        let courses = try await client.send(APITest.RecentCourses()).items
        #expect(courses.map(\.id) == [1, 2])
        #expect(courses.map(\.instructorName) == ["Ana Ruiz", "Kenji Sato"])
        #expect(courses[0].publishedAt == Date(timeIntervalSince1970: 1_793_608_800))
        #expect(courses[1].publishedAt == Date(timeIntervalSince1970: 1_795_032_900.25))
    }

    @Test("the URL request joins base URL, path and strictly encoded query; timeout and headers are set")
    func buildsURLRequest() async throws {
        let transport = FixtureTransport(fixtures: ["v1/courses/recent": Data(APITest.recentJSON.utf8)])
        let baseURL = try #require(URL(string: "https://api.example.com/v1/"))
        let client = APITest.client(transport, baseURL: baseURL)
        var request = APITest.RecentCourses(query: .init(limit: 5, search: "a&b=c+d #1"))
        _ = try await client.send(request)
        request.settings = RequestSettings(timeout: .milliseconds(1500))
        _ = try await client.send(request)

        let sent = transport.requests
        #expect(sent.count == 2)
        #expect(
            sent[0].url?.absoluteString
                == "https://api.example.com/v1/courses/recent?limit=5&search=a%26b%3Dc%2Bd%20%231")
        #expect(sent[0].httpMethod == "GET")
        #expect(sent[0].value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(sent[0].value(forHTTPHeaderField: "Authorization") == nil)
        #expect(sent[0].timeoutInterval == 12)
        #expect(sent[1].timeoutInterval == 1.5)
    }

    @Test("a non-2xx status throws with the code, a body excerpt and the request; 404 is not retried")
    func statusError() async throws {
        let transport = APITest.transport()
        let recorder = DelayRecorder()
        let client = APITest.client(transport, retryPolicy: recorder.policy())
        let error = try await #require(throws: APIError.self) {
            try await client.send(APITest.Get(path: "/courses/missing"))
        }
        guard case .status(let code, let excerpt, let request) = error else {
            Issue.record("expected a status error, got \(error)")
            return
        }
        #expect(code == 404)
        #expect(excerpt.contains("no fixture for route courses/missing"))
        #expect(request == RequestSummary(method: .get, path: "/courses/missing"))
        #expect(error.description.hasPrefix("GET /courses/missing: HTTP 404: "))
        #expect(transport.requestCount(forPath: "/courses/missing") == 1)
        #expect(recorder.recorded.isEmpty)
    }

    @Test("the body excerpt is short and on one line")
    func bodyExcerpt() async throws {
        let body = String(repeating: "x", count: 150) + "\n" + String(repeating: "y", count: 150)
        let transport = APITest.transport(failures: [.status(400, route: "/courses/recent", body: body)])
        let error = try await #require(throws: APIError.self) {
            try await APITest.client(transport).send(APITest.RecentCourses())
        }
        guard case .status(400, let excerpt, _) = error else {
            Issue.record("expected HTTP 400, got \(error)")
            return
        }
        #expect(excerpt == String(repeating: "x", count: 150) + " " + String(repeating: "y", count: 49) + "…")
    }

    @Test(
        "transient statuses are retried with exponential back-off until success",
        arguments: [408, 429, 500, 502, 503, 504])
    func retriesTransientStatus(code: Int) async throws {
        let transport = APITest.transport(failures: [.status(code, route: "/courses/recent", times: 2)])
        let recorder = DelayRecorder()
        let client = APITest.client(transport, retryPolicy: recorder.policy())
        let courses = try await client.send(APITest.RecentCourses()).items
        #expect(courses.count == 2)
        #expect(transport.requestCount(forPath: "/courses/recent") == 3)
        #expect(recorder.recorded == [.milliseconds(200), .milliseconds(400)])
    }

    @Test("retries stop after maxAttempts and report the last status")
    func retriesAreBounded() async throws {
        let transport = APITest.transport(failures: [.status(503, route: "/courses/recent", times: 10, body: "down")])
        let recorder = DelayRecorder()
        let client = APITest.client(transport, retryPolicy: recorder.policy(maxAttempts: 4))
        let error = try await #require(throws: APIError.self) { try await client.send(APITest.RecentCourses()) }
        #expect(error.statusCode == 503)
        #expect(error.description == "GET /courses/recent: HTTP 503: down")
        #expect(transport.requestCount(forPath: "/courses/recent") == 4)
        #expect(recorder.recorded == [.milliseconds(200), .milliseconds(400), .milliseconds(800)])
    }

    @Test("back-off delays are capped at maxDelay")
    func delaysAreCapped() async throws {
        let transport = APITest.transport(failures: [.status(500, route: "/courses/recent", times: 4)])
        let recorder = DelayRecorder()
        let policy = recorder.policy(maxAttempts: 5, baseDelay: .seconds(1), factor: 10, maxDelay: .seconds(3))
        _ = try await APITest.client(transport, retryPolicy: policy).send(APITest.RecentCourses())
        #expect(recorder.recorded == [.seconds(1), .seconds(3), .seconds(3), .seconds(3)])
    }

    @Test(
        "Retry-After in seconds replaces the back-off delay, capped at maxRetryAfter",
        arguments: [("7", Duration.seconds(7)), ("3600", .seconds(30)), ("0", .zero), ("soon", .milliseconds(200))])
    func honoursRetryAfter(header: String, expected: Duration) async throws {
        let failure = FixtureFailure.status(429, route: "/courses/recent", headers: ["Retry-After": header])
        let transport = APITest.transport(failures: [failure])
        let recorder = DelayRecorder()
        _ = try await APITest.client(transport, retryPolicy: recorder.policy()).send(APITest.RecentCourses())
        #expect(recorder.recorded == [expected])
    }

    @Test("a POST is not retried unless the request allows it")
    func postIsNotRetried() async throws {
        let transport = FixtureTransport(
            fixtures: ["enrollments": Data()], failures: [.status(503, route: "/enrollments", times: 1)])
        let recorder = DelayRecorder()
        let client = APITest.client(transport, retryPolicy: recorder.policy())
        let error = try await #require(throws: APIError.self) { try await client.send(APITest.Create()) }
        #expect(error.statusCode == 503)
        #expect(transport.requestCount(forPath: "/enrollments") == 1)
        #expect(recorder.recorded.isEmpty)

        let allowed = APITest.Create(settings: RequestSettings(allowsRetry: true))
        #expect(try await client.send(allowed) == EmptyResponse())
        #expect(transport.requestCount(forPath: "/enrollments") == 2)
        #expect(transport.requests.last?.httpMethod == "POST")
        #expect(transport.requests.last?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("a request's maxRetries overrides the client's policy")
    func requestMaxRetries() async throws {
        let transport = APITest.transport(failures: [.status(503, route: "/courses/recent", times: 10)])
        let recorder = DelayRecorder()
        let client = APITest.client(transport, retryPolicy: recorder.policy(maxAttempts: 2))
        await #expect(throws: APIError.self) {
            try await client.send(APITest.RecentCourses(settings: RequestSettings(maxRetries: 0)))
        }
        #expect(transport.requestCount(forPath: "/courses/recent") == 1)
        await #expect(throws: APIError.self) {
            try await client.send(APITest.RecentCourses(settings: RequestSettings(maxRetries: 4)))
        }
        #expect(transport.requestCount(forPath: "/courses/recent") == 6)
    }

    @Test("transient transport errors are retried; an invalid response is not")
    func transportErrors() async throws {
        let lost = TransportError(.connectionLost, message: "reset by peer")
        let transport = APITest.transport(failures: [.transport(lost, route: "/courses/recent")])
        let recorder = DelayRecorder()
        let client = APITest.client(transport, retryPolicy: recorder.policy())
        #expect(try await client.send(APITest.RecentCourses()).items.count == 2)
        #expect(recorder.recorded == [.milliseconds(200)])

        let invalid = TransportError(.invalidResponse, message: "not HTTP")
        let failing = APITest.transport(failures: [.transport(invalid, route: "/courses/recent")])
        let error = try await #require(throws: APIError.self) {
            try await APITest.client(failing, retryPolicy: recorder.policy()).send(APITest.RecentCourses())
        }
        guard case .transport(let underlying, let request) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(underlying == invalid)
        #expect(request.description == "GET /courses/recent")
        #expect(failing.requestCount(forPath: "/courses/recent") == 1)
    }

    @Test("a transport error after several attempts says how many: a per-attempt timeout is not the whole wait")
    func attemptCount() async throws {
        let timeout = TransportError(.timedOut, url: nil, message: "no response within 30 seconds")
        let transport = APITest.transport(failures: [.transport(timeout, route: "/courses/recent", times: 3)])
        let error = try await #require(throws: APIError.self) {
            try await APITest.client(transport, retryPolicy: DelayRecorder().policy()).send(APITest.RecentCourses())
        }
        #expect(error.description == "GET /courses/recent: timed out: no response within 30 seconds (3 attempts)")
        guard case .transport(let underlying, _) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(underlying.kind == .timedOut)

        // One attempt only: the message is the transport's own.
        let once = APITest.transport(failures: [.transport(timeout, route: "/courses/recent")])
        let single = try await #require(throws: APIError.self) {
            try await APITest.client(once).send(APITest.RecentCourses(settings: RequestSettings(maxRetries: 0)))
        }
        #expect(single.description == "GET /courses/recent: timed out: no response within 30 seconds")
    }

    @Test(
        "a decoding failure names the request and the coding path",
        arguments: [
            (
                #"{"items": [{"id": 1, "title": "A", "instructor_name": "B", "published_at": "2026-11-02T08:40:00Z"}, {"id": 2}]}"#,
                #"missing key "title" at items[1]"#
            ),
            (
                #"{"items": [{"id": "one", "title": "A", "instructor_name": "B", "published_at": "2026-11-02T08:40:00Z"}]}"#,
                "at items[0].id"
            ),
            (
                #"{"items": [{"id": 1, "title": "A", "instructor_name": "B", "published_at": "yesterday"}]}"#,
                #"at items[0].publishedAt: expected an ISO 8601 date, found "yesterday""#
            ),
            (#"{"items": [ {"id": 1, "#, "invalid data at the top level"),
        ])
    func decodingError(body: String, expected: String) async throws {
        let transport = FixtureTransport(fixtures: ["courses/recent": Data(body.utf8)])
        let error = try await #require(throws: APIError.self) {
            try await APITest.client(transport).send(APITest.RecentCourses())
        }
        guard case .decoding(let reason, let request) = error else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(request == RequestSummary(method: .get, path: "/courses/recent"))
        #expect(reason.contains(expected))
        #expect(error.description.hasPrefix("GET /courses/recent: response does not decode: "))
    }
}

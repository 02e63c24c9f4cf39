import DIContainerLocking
import DIDemoInfrastructure
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests, DTOs and doubles shared by the API client tests.
enum APITest {
    static let baseURL = URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")

    struct CourseDTO: Decodable, Sendable, Equatable {
        let id: Int
        let title: String
        let instructorName: String
        let publishedAt: Date
    }

    struct RecentCourses: Request {
        typealias Response = ListEnvelope<CourseDTO>
        struct Query: Encodable, Sendable {
            var limit: Int
            var search: String?
        }
        var path: String { "/courses/recent" }
        var query = Query(limit: 10, search: nil)
        var settings = RequestSettings()
    }

    struct Get: Request {
        typealias Response = ListEnvelope<CourseDTO>
        var path: String
        var settings = RequestSettings()
    }

    struct Create: Request {
        typealias Response = EmptyResponse
        var method: HTTPMethod { .post }
        var path: String { "/enrollments" }
        var body: Data? { Data(#"{"course_id": 1}"#.utf8) }
        var settings = RequestSettings()
    }

    static let recentJSON = """
        {"items": [
          {"id": 1, "title": "Swift Concurrency", "instructor_name": "Ana Ruiz", "published_at": "2026-11-02T08:40:00Z"},
          {"id": 2, "title": "SwiftUI Layout", "instructor_name": "Kenji Sato", "published_at": "2026-11-18T20:15:00.250Z"}
        ]}
        """

    /// A transport serving `recentJSON` at `/courses/recent`, plus `failures`.
    static func transport(failures: [FixtureFailure] = [], latency: Duration = .zero) -> FixtureTransport {
        FixtureTransport(fixtures: ["courses/recent": Data(recentJSON.utf8)], latency: latency, failures: failures)
    }

    static func client(
        _ transport: any Transport, baseURL: URL = baseURL, retryPolicy: RetryPolicy = .default,
        tokenProvider: (any TokenProvider)? = nil
    ) -> APIClient {
        APIClient(
            configuration: APIConfiguration(baseURL: baseURL, defaultTimeout: .seconds(12)),
            transport: transport, tokenProvider: tokenProvider, retryPolicy: retryPolicy)
    }
}

/// A retry policy whose sleep records the requested delays and returns at once.
final class DelayRecorder: Sendable {
    private let delays = Locked<[Duration]>([])

    var recorded: [Duration] { delays.withLock { $0 } }

    func policy(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200), factor: Double = 2,
        maxDelay: Duration = .seconds(5), maxRetryAfter: Duration = .seconds(30)
    ) -> RetryPolicy {
        RetryPolicy(
            maxAttempts: maxAttempts, baseDelay: baseDelay, factor: factor, maxDelay: maxDelay,
            maxRetryAfter: maxRetryAfter
        ) { [self] delay in
            delays.withLock { $0.append(delay) }
        }
    }
}

/// Forwards to another transport and reports each request as it starts.
struct SignallingTransport: Transport {
    let base: any Transport
    let started = Inbox<Void>()

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        started.send(())
        return try await base.send(request)
    }
}

/// A token provider that fails.
struct FailingTokenProvider: TokenProvider {
    struct KeychainLocked: Error, CustomStringConvertible {
        var description: String { "the keychain is locked" }
    }
    func token() async throws -> String { throw KeychainLocked() }
}

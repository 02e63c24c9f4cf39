import DIContainerTestSupport
import DIDemoInfrastructure
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionTransport` under load against the real test server: thousands of requests whose
/// timeouts race the server's answers, the pattern that deadlocked the cooperative pool when the
/// transport cancelled `URLSession.data(for:)` on Linux (swift-corelibs-foundation#5412).
///
/// A regression shows as a hang (every cooperative thread blocked); the test asserts that every
/// request ends, answered or timed out, and counts both.
@Suite("URLSessionTransport under load")
struct URLSessionTransportStressTests {
    /// How one request ended.
    enum Outcome: Sendable {
        case answered
        case timedOut
        case failed(String)
    }

    static let requestCount = 2_000
    static let concurrency = 100
    static let timeout: TimeInterval = 0.5

    @Test("2,000 requests, 100 at a time, timeouts racing answers: every request is answered or times out")
    func timeoutsRacingAnswers() async throws {
        let fixtures = try TemporaryDirectory()
        defer { fixtures.remove() }
        let server = try await TestHTTPServer.start(fixturesDirectory: fixtures.url)
        defer { server.stop() }
        let transport = URLSessionTransport()

        let outcomes = await Self.run(Self.requestCount, concurrently: Self.concurrency) { index in
            // Answers between 0.41 s and 0.50 s against a 0.5 s deadline: some arrive first,
            // some lose, many land together with the deadline. One in eleven answers at once,
            // so that some requests are answered however loaded the machine is.
            let seconds = index % 11 == 0 ? 0 : 0.40 + Double(index % 11) / 100
            var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)
            components?.path = "/_test/slow"
            components?.queryItems = [URLQueryItem(name: "seconds", value: "\(seconds)")]
            guard let url = components?.url else { return .failed("no URL for \(seconds)") }
            return await Self.outcome {
                try await transport.send(URLRequest(url: url, timeoutInterval: Self.timeout))
            }
        }

        let answered = outcomes.filter { if case .answered = $0 { true } else { false } }.count
        let timedOut = outcomes.filter { if case .timedOut = $0 { true } else { false } }.count
        let failures = outcomes.compactMap { if case .failed(let reason) = $0 { reason } else { nil } }
        #expect(outcomes.count == Self.requestCount)
        #expect(answered + timedOut == Self.requestCount, "other failures: \(Set(failures).sorted())")
        #expect(answered > 0)
        #expect(timedOut > 0)
    }

    /// Runs `body` for `0..<count`, at most `limit` at a time, and returns every outcome.
    static func run(
        _ count: Int, concurrently limit: Int, _ body: @escaping @Sendable (Int) async -> Outcome
    ) async -> [Outcome] {
        await withTaskGroup(of: Outcome.self) { group in
            var next = 0
            var outcomes: [Outcome] = []
            while next < min(limit, count) {
                let index = next
                group.addTask { await body(index) }
                next += 1
            }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if next < count {
                    let index = next
                    group.addTask { await body(index) }
                    next += 1
                }
            }
            return outcomes
        }
    }

    private static func outcome(_ send: () async throws -> (Data, HTTPURLResponse)) async -> Outcome {
        do {
            let (_, response) = try await send()
            return response.statusCode == 200 ? .answered : .failed("HTTP \(response.statusCode)")
        } catch let error as TransportError where error.kind == .timedOut {
            return .timedOut
        } catch {
            return .failed(String(describing: error))
        }
    }
}

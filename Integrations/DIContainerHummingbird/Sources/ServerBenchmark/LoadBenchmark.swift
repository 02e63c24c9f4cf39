import AsyncHTTPClient
import Foundation
import NIOCore

/// Runs the example server with each wiring, under the same load, and measures it.
struct LoadBenchmark {
    /// One server run's figures.
    struct Round {
        let wiring: Wiring
        let requests: Int
        let elapsed: Duration
        let serverCPU: Duration

        /// The server's CPU time per request, in microseconds.
        var cpuPerRequest: Double { serverCPU.seconds * 1_000_000 / Double(requests) }
        /// Requests answered per second.
        var throughput: Double { Double(requests) / elapsed.seconds }
    }

    /// How the server is wired: the same routes with the container or without it.
    enum Wiring: String, CaseIterable {
        case container = "container"
        case handWired = "hand-wired"

        var arguments: [String] { self == .handWired ? ["--hand-wired"] : [] }
    }

    let options: BenchmarkOptions

    /// Every round, the wirings alternating so that a change in the machine's load hits both.
    func run() async throws -> [Round] {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: options.concurrency)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        var rounds: [Round] = []
        do {
            for _ in 0..<options.rounds {
                for wiring in Wiring.allCases {
                    rounds.append(try await measure(wiring, client: client))
                }
            }
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
        return rounds
    }

    /// One run of the server with `wiring`: a warm-up, then `options.requests` timed requests.
    private func measure(_ wiring: Wiring, client: HTTPClient) async throws -> Round {
        let server = try ServerUnderTest(executable: options.server, arguments: wiring.arguments)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/whoami"
        try await load(options.warmUp, on: url, client: client)
        let cpuBefore = try server.cpuTime()
        let start = ContinuousClock.now
        try await load(options.requests, on: url, client: client)
        let elapsed = ContinuousClock.now - start
        let serverCPU = try server.cpuTime() - cpuBefore
        return Round(wiring: wiring, requests: options.requests, elapsed: elapsed, serverCPU: serverCPU)
    }

    /// Sends `count` requests to `url`, `options.concurrency` at a time, each worker one after
    /// the other on its keep-alive connection; any answer but 200 fails the run.
    private func load(_ count: Int, on url: String, client: HTTPClient) async throws {
        let workers = options.concurrency
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                let share = count / workers + (worker < count % workers ? 1 : 0)
                group.addTask {
                    var request = HTTPClientRequest(url: url)
                    request.headers.add(name: "X-User", value: "load-\(worker)")
                    for _ in 0..<share {
                        let response = try await client.execute(request, timeout: .seconds(30))
                        _ = try await response.body.collect(upTo: 1 << 16)
                        guard response.status == .ok else {
                            throw ServerUnderTest.Problem(description: "GET \(url) answered \(response.status)")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// The markdown table of the medians, and every round.
    static func report(_ rounds: [Round], options: BenchmarkOptions) -> String {
        var lines = [
            "GET /whoami, \(options.requests) requests per run after \(options.warmUp) warm-up requests, "
                + "\(options.concurrency) keep-alive connections, \(options.rounds) runs per wiring (median; every run below)",
            "",
            "| wiring | server CPU per request (µs) | throughput (requests/s) |",
            "|---|---:|---:|",
        ]
        var medians: [Wiring: Double] = [:]
        for wiring in Wiring.allCases {
            let mine = rounds.filter { $0.wiring == wiring }
            let cpu = median(mine.map(\.cpuPerRequest))
            medians[wiring] = cpu
            lines.append("| \(wiring.rawValue) | \(format(cpu)) | \(format(median(mine.map(\.throughput)))) |")
        }
        if let container = medians[.container], let handWired = medians[.handWired], handWired > 0 {
            lines.append("")
            lines.append("CPU per request, container / hand-wired: \(String(format: "%.2f", container / handWired))×")
        }
        lines.append("")
        lines.append(
            "runs: "
                + rounds.map { "\($0.wiring.rawValue) \(format($0.cpuPerRequest)) µs, \(format($0.throughput))/s" }.joined(separator: "; "))
        return lines.joined(separator: "\n")
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.1f", value)
    }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

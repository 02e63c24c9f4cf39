import AsyncHTTPClient
import Foundation
import NIOCore
import ServerAppCore
import Synchronization
import Testing

/// The built `ServerApp` as a process on 127.0.0.1: SIGTERM while requests are in flight.
@Suite("ServerApp process")
struct GracefulShutdownTests {
    @Test("SIGTERM lets in-flight requests finish with 200, runs the hooks dependents first, and exits 0")
    func sigtermWithRequestsInFlight() async throws {
        let server = try ServerProcess(arguments: ["--port", "0"])
        defer { server.ensureStopped() }
        let listening = try await server.line(containing: "listening on http://127.0.0.1:")
        let base = try #require(listening.split(separator: " ").last.map(String.init))
        try await waitUntilHealthy(base, server: server)

        // Five slow requests; SIGTERM once the server has started all five and answered none.
        let inFlight = 5
        let answered = Counter()
        let requests = (0..<inFlight).map { index in
            Task {
                var request = HTTPClientRequest(url: "\(base)/slow?ms=1000")
                request.headers.add(name: "X-Request-ID", value: "slow-\(index)")
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                let body = try await response.body.collect(upTo: 1 << 16)
                answered.increment()
                return (response.status.code, try decode(RequestReport.self, from: body))
            }
        }
        try await server.waitUntil("\(inFlight) reports in flight") {
            server.output.filter { $0.contains("report started") }.count == inFlight
        }
        #expect(answered.value == 0, "SIGTERM is sent while all are in flight")
        server.send(SIGTERM)

        var reports: [RequestReport] = []
        for (index, request) in requests.enumerated() {
            let (status, report) = try await request.value
            #expect(status == 200)
            #expect(report.requestID == "slow-\(index)")
            reports.append(report)
        }
        #expect(try await server.exitStatus() == 0)

        // The shutdown hooks, in dependency order: each request's unit of work as its request
        // ended, then the audit trail (which uses the pool), then the pool.
        let output = server.output
        let position = { (text: String) in output.firstIndex { $0.contains(text) } }
        let flushed = try #require(position("audit trail flushed"), "\(output)")
        let closed = try #require(position("pool closed"), "\(output)")
        for report in reports {
            let committed = try #require(position("unit of work \(report.unitOfWork) committed"), "\(output)")
            #expect(committed < flushed)
        }
        #expect(flushed < closed)
        #expect(output[closed].contains("outstanding-leases=0"))
        #expect(output.filter { $0.contains("pool closed") }.count == 1)
        #expect(output.last?.contains("server stopped") == true, "\(output)")
    }

    /// Polls `GET /health` until it answers 200.
    private func waitUntilHealthy(_ base: String, server: ServerProcess) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let request = HTTPClientRequest(url: "\(base)/health")
            if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(2)), response.status == .ok {
                return
            }
            guard ContinuousClock.now < deadline else {
                throw ServerProcessError.timedOut(waitingFor: "GET /health", output: server.output)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test("a failed start-up shuts down what it built, logs why and exits 1")
    func failedStart() async throws {
        let server = try ServerProcess(arguments: ["--port", "0", "--simulate-failure", "start"])
        defer { server.ensureStopped() }
        #expect(try await server.exitStatus() == 1)

        let output = server.output
        let position = { (text: String) in output.firstIndex { $0.contains(text) } }
        let opened = try #require(position("pool opened"), "\(output)")
        let closed = try #require(position("pool closed"), "the pool the start opened is closed: \(output)")
        let failed = try #require(position("server failed"), "\(output)")
        #expect(opened < closed && closed < failed)
        let reason = output[failed...].joined(separator: "\n")
        #expect(reason.contains("Cannot resolve AuditTrail: its factory threw the audit trail's store is unreachable"), "\(reason)")
        #expect(!output.contains { $0.contains("listening on") }, "no request is accepted: \(output)")
        #expect(!output.contains { $0.contains("Fatal error") }, "no runtime trap: \(output)")
    }

    @Test("a hook still running at the shutdown deadline is named in the log, and the process exits 1")
    func hungHook() async throws {
        let server = try ServerProcess(arguments: ["--port", "0", "--simulate-failure", "shutdown", "--shutdown-timeout", "1"])
        defer { server.ensureStopped() }
        let listening = try await server.line(containing: "listening on http://127.0.0.1:")
        let base = try #require(listening.split(separator: " ").last.map(String.init))
        try await waitUntilHealthy(base, server: server)
        server.send(SIGTERM)
        #expect(try await server.exitStatus() == 1)

        let output = server.output
        let hung = try #require(output.first { $0.contains("onShutdown hook still running at the deadline") }, "\(output)")
        #expect(hung.contains("AuditTrail"), "\(hung)")
        let failed = try #require(output.first { $0.contains("server failed") }, "\(output)")
        #expect(failed.contains("shutdown did not complete cleanly"), "\(failed)")
        #expect(!output.contains { $0.contains("Fatal error") }, "no runtime trap: \(output)")
    }
}

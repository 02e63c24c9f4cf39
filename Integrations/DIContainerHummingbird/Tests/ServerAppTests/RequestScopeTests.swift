import DIContainer
import Hummingbird
import HummingbirdTesting
import Logging
import ServerAppCore
import Testing

/// The server's routes in process (HummingbirdTesting's router client): a started container,
/// the app's router and middleware, no sockets.
@Suite("Requests in their own scope")
struct RequestScopeTests {
    @Test("200 concurrent requests each see only their own identity and unit of work, and each unit of work commits")
    func concurrentRequests() async throws {
        let log = RecordingLogger()
        let container = Server.makeContainer(configuration: ServerConfiguration(poolSize: 8), logger: log.logger)
        try await container.start()
        let app = Application(responder: AppRouter.responder(container: container), logger: log.logger)

        let reports = try await app.test(.router) { client in
            try await withThrowingTaskGroup(of: (Int, RequestReport).self) { group in
                for index in 0..<200 {
                    let fields = try headers(requestID: "request-\(index)", user: "user-\(index)")
                    group.addTask {
                        let response = try await client.execute(uri: "/whoami", method: .get, headers: fields)
                        try #require(response.status == .ok)
                        return (index, try decode(RequestReport.self, from: response.body))
                    }
                }
                var reports: [Int: RequestReport] = [:]
                for try await (index, report) in group { reports[index] = report }
                return reports
            }
        }

        #expect(reports.count == 200)
        for (index, report) in reports {
            #expect(report.requestID == "request-\(index)")
            #expect(report.user == "user-\(index)")
        }
        let serials = reports.values.map(\.unitOfWork)
        #expect(Set(serials).count == 200, "one unit of work per request")
        // Each unit of work committed, in the scope of the request that reported it.
        let committed = log.unitsOfWork("committed")
        #expect(committed.count == 200)
        for report in reports.values {
            #expect(committed[report.unitOfWork] == report.requestID)
        }
        let pool = try await container.resolveAsync(ConnectionPool.self)
        #expect(await pool.outstandingLeases == 0)

        let report = try await container.shutdown(timeout: .seconds(5))
        #expect(report.isClean)
        #expect(Array(log.messages.suffix(2)) == ["audit trail flushed", "pool closed"])
    }

    @Test("a refused order rolls its unit of work back; a placed one commits and reaches the audit trail")
    func commitAndRollback() async throws {
        let log = RecordingLogger()
        let container = Server.makeContainer(configuration: ServerConfiguration(), logger: log.logger)
        try await container.start()
        let app = Application(responder: AppRouter.responder(container: container), logger: log.logger)

        try await app.test(.router) { client in
            let refused = try await client.execute(
                uri: "/orders", method: .post, headers: try headers(requestID: "no-item", user: "ada"))
            #expect(refused.status == .badRequest)
            let placed = try await client.execute(
                uri: "/orders?item=tea", method: .post, headers: try headers(requestID: "tea", user: "ada"))
            #expect(placed.status == .ok)
            let receipt = try decode(PlaceOrder.Receipt.self, from: placed.body)
            #expect(receipt.item == "tea" && receipt.user == "ada")
        }

        #expect(Array(log.unitsOfWork("rolled back").values) == ["no-item"])
        #expect(Array(log.unitsOfWork("committed").values) == ["tea"])
        try await container.shutdown(timeout: .seconds(5))
        let flushed = try #require(log.handler.entries.first { "\($0.message)" == "audit trail flushed" })
        #expect(flushed.metadata["entries"] == "1")
    }

    @Test("a use case resolved outside a request fails with the fix, and builds no unit of work")
    func outsideARequest() async throws {
        let log = RecordingLogger()
        let container = Server.makeContainer(configuration: ServerConfiguration(), logger: log.logger)
        try await container.start()
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(DescribeRequest.self) }
        guard case .scopeNotOpen(let scope) = error?.kind else {
            Issue.record("expected scopeNotOpen, got \(String(describing: error))")
            return
        }
        #expect(scope == .request)
        let pool = try await container.resolveAsync(ConnectionPool.self)
        #expect(await pool.outstandingLeases == 0)
        try await container.shutdown(timeout: .seconds(5))
    }

    @Test("the command line wins over the environment; bad ports and arguments say how to fix them")
    func configuration() throws {
        #expect(try ServerConfiguration(arguments: [], environment: [:]).port == 8080)
        #expect(try ServerConfiguration(arguments: [], environment: ["PORT": "9001"]).port == 9001)
        #expect(try ServerConfiguration(arguments: ["--port", "0"], environment: ["PORT": "9001"]).port == 0)
        let badPort = #expect(throws: ServerConfiguration.Problem.self) {
            try ServerConfiguration(arguments: ["--port", "70000"], environment: [:])
        }
        #expect(badPort?.description == "the port must be a number from 0 to 65535, not 70000")
        let unknown = #expect(throws: ServerConfiguration.Problem.self) {
            try ServerConfiguration(arguments: ["--verbose"], environment: [:])
        }
        #expect(unknown?.description == "unknown argument --verbose; \(ServerConfiguration.usage)")
    }
}

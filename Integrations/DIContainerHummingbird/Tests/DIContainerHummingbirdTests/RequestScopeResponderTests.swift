import DIContainer
import DIContainerHummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A request scope per request, open until the response's body is written, through
/// HummingbirdTesting's in-process router client.
@Suite("RequestScopeResponder")
struct RequestScopeResponderTests {
    /// A container with a request-scoped `Token` whose hook logs "hook SERIAL" (and, with
    /// `reasons`, "hook SERIAL: REASON"), and the `RequestName` handed into each request.
    private func makeContainer(log: EventLog, reasons: Bool = false) -> Container {
        let container = Container()
        container.register(RequestName.self, providedBy: .request)
        container.register(Token.self, lifetime: .scoped(.request)) { _ in Token() }
            .onShutdown(timeout: .seconds(5)) { token, reason in
                log.record(reasons ? "hook \(token.serial): \(Self.outcome(reason))" : "hook \(token.serial)")
            }
        return container
    }

    /// "succeeded", or "failed: ERROR".
    private static func outcome(_ reason: ShutdownReason) -> String {
        switch reason {
        case .scopeSucceeded: "succeeded"
        case .scopeFailed(let error): "failed: \(error)"
        default: "\(reason)"
        }
    }

    @Test("a streamed body resolves the request's instances while it is written, and the hooks run after its end")
    func streamedBody() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let router = Router()
        router.get("stream") { _, _ in
            let token = try container.resolve(Token.self)
            log.record("handler \(token.serial)")
            return Response(status: .ok, body: .tokens(from: container, log: log))
        }
        let app = Application(responder: router.requestScoped(in: container) { request, _ in RequestName(request) })

        let body = try await app.test(.router) { client in
            let response = try await client.execute(uri: "/stream", method: .get)
            #expect(response.status == .ok)
            return String(buffer: response.body)
        }

        let events = log.all
        let handler = try #require(events.first?.split(separator: " ").last.flatMap { Int($0) })
        #expect(body == "\(handler)\n\(handler)\n\(handler)\n", "every part saw the handler's instance")
        #expect(events == ["handler \(handler)", "body written", "hook \(handler)"])
    }

    @Test("a short body is written inside the scope and its hooks run before the response is returned")
    func gatheredBody() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let router = Router()
        router.get("token") { _, _ in
            let token = try container.resolve(Token.self)
            return "\(token.serial)"
        }
        let app = Application(responder: router.requestScoped(in: container) { request, _ in RequestName(request) })

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/token", method: .get)
            #expect(response.status == .ok)
            #expect(log.all == ["hook \(String(buffer: response.body))"])
        }
    }

    @Test("200 concurrent requests each see their own value and instances, and each scope closes once")
    func concurrentRequests() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let router = Router()
        router.get("token") { _, _ in
            let first = try container.resolve(Token.self)
            await Task.yield()
            let second = try container.resolve(Token.self)
            let name = try container.resolve(RequestName.self)
            return first === second ? "\(name.value) \(first.serial)" : "two instances in one request"
        }
        let app = Application(responder: router.requestScoped(in: container) { request, _ in RequestName(request) })

        let answers = try await app.test(.router) { client in
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<200 {
                    var headers = HTTPFields()
                    headers[HTTPField.Name("X-Name")!] = "request-\(index)"
                    group.addTask {
                        (index, String(buffer: try await client.execute(uri: "/token", method: .get, headers: headers).body))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
        }

        #expect(answers.count == 200)
        var serials: [String] = []
        for (index, answer) in answers {
            let words = answer.split(separator: " ")
            #expect(words.first.map(String.init) == "request-\(index)", "\(answer)")
            serials.append(words.last.map(String.init) ?? "")
        }
        #expect(Set(serials).count == 200, "one Token per request")
        #expect(log.all.count == 200)
        #expect(Set(log.all) == Set(serials.map { "hook \($0)" }))
    }

    @Test("a handler that throws answers with its error after the hooks were told the request failed")
    func thrownError() async throws {
        let log = EventLog()
        let container = makeContainer(log: log, reasons: true)
        let router = Router()
        router.get("refuse") { _, _ -> String in
            let token = try container.resolve(Token.self)
            log.record("handler \(token.serial)")
            throw HTTPError(.badRequest, message: "no")
        }
        router.get("accept") { _, _ in "\(try container.resolve(Token.self).serial)" }
        let app = Application(responder: router.requestScoped(in: container) { request, _ in RequestName(request) })

        try await app.test(.router) { client in
            let refused = try await client.execute(uri: "/refuse", method: .get)
            #expect(refused.status == .badRequest)
            let events = log.all
            let serial = try #require(events.first?.split(separator: " ").last)
            #expect(events == ["handler \(serial)", "hook \(serial): failed: the response's status was 400 Bad Request"])

            let accepted = try await client.execute(uri: "/accept", method: .get)
            #expect(log.all.last == "hook \(String(buffer: accepted.body)): succeeded")
        }
    }

    @Test(
        "an error status fails the scope by default; failsOn chooses which",
        arguments: [
            (FailingResponses.errorStatus, [true, true]), (.serverErrorStatus, [false, true]), (.none, [false, false]),
        ])
    func errorStatus(failsOn: FailingResponses, fails: [Bool]) async throws {
        let log = EventLog()
        let container = makeContainer(log: log, reasons: true)
        let router = Router()
        router.get("missing") { _, _ in
            _ = try container.resolve(Token.self)
            return Response(status: .notFound)
        }
        router.get("broken") { _, _ in
            _ = try container.resolve(Token.self)
            return Response(status: .serviceUnavailable)
        }
        let responder = router.requestScoped(in: container, failsOn: failsOn) { request, _ in RequestName(request) }

        try await Application(responder: responder).test(.router) { client in
            let missing = try await client.execute(uri: "/missing", method: .get)
            #expect(missing.status == .notFound, "the response stands")
            let broken = try await client.execute(uri: "/broken", method: .get)
            #expect(broken.status == .serviceUnavailable)
        }
        let events = log.all
        #expect(events.count == 2)
        let expected = zip(fails, ["404 Not Found", "503 Service Unavailable"]).map { fails, status in
            fails ? ": failed: the response's status was \(status)" : ": succeeded"
        }
        for (event, suffix) in zip(events, expected) {
            #expect(event.hasSuffix(suffix), "\(event)")
        }
    }

    @Test("a streamed body whose writer throws tells the hooks the request failed")
    func failingStream() async throws {
        struct StreamBroke: Error {}
        let log = EventLog()
        let container = makeContainer(log: log, reasons: true)
        let router = Router()
        router.get("stream") { _, _ in
            _ = try container.resolve(Token.self)
            return Response(
                status: .ok,
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "part"))
                    throw StreamBroke()
                })
        }
        let app = Application(responder: router.requestScoped(in: container) { request, _ in RequestName(request) })

        await #expect(throws: StreamBroke.self) {
            try await app.test(.router) { client in _ = try await client.execute(uri: "/stream", method: .get) }
        }
        let events = log.all
        #expect(events.count == 1 && events[0].hasSuffix(": failed: StreamBroke()"), "\(events)")
    }

    @Test("a streamed response dropped unwritten still ends its scope")
    func droppedResponse() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let responder = RequestScopeResponder(
            CallbackResponder<TestContext> { _, _ in
                _ = try container.resolve(Token.self)
                return Response(status: .ok, body: .tokens(from: container, log: log))
            },
            container: container
        ) { request, _ in RequestName(request) }

        var response: Response? = try await responder.respond(to: .get("/"), context: TestContext(source: .init()))
        #expect(response?.status == .ok)
        #expect(log.all.isEmpty, "the scope stays open while the response may still be written")
        response = nil
        await log.waitUntil(count: 1)  // the scope closes in its own task once the response is gone
        #expect(log.all.count == 1 && log.all[0].hasPrefix("hook "), "\(log.all)")
    }
}

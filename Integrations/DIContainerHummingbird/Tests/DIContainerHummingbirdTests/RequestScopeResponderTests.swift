import DIContainer
import DIContainerHummingbird
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A request scope per request, open until the response's body is written, through
/// HummingbirdTesting's in-process router client.
@Suite("RequestScopeResponder")
struct RequestScopeResponderTests {
    /// A container with a request-scoped `Token` whose hook logs "hook SERIAL".
    private func makeContainer(log: EventLog) -> Container {
        let container = Container()
        container.register(Token.self, lifetime: .scoped(.request)) { _ in Token() }
            .onShutdown { token in log.record("hook \(token.serial)") }
        return container
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
        let app = Application(responder: router.requestScoped(in: container) { _, _ in 0 })

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
        let app = Application(responder: router.requestScoped(in: container) { _, _ in 0 })

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/token", method: .get)
            #expect(response.status == .ok)
            #expect(log.all == ["hook \(String(buffer: response.body))"])
        }
    }

    @Test("200 concurrent requests each get a scope of their own, closed once")
    func concurrentRequests() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let router = Router()
        router.get("token") { _, _ in
            let first = try container.resolve(Token.self)
            await Task.yield()
            let second = try container.resolve(Token.self)
            return first === second ? "\(first.serial)" : "two instances in one request"
        }
        let app = Application(responder: router.requestScoped(in: container) { _, _ in 0 })

        let serials = try await app.test(.router) { client in
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<200 {
                    group.addTask { String(buffer: try await client.execute(uri: "/token", method: .get).body) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }

        #expect(Set(serials).count == 200)
        #expect(Set(log.all) == Set(serials.map { "hook \($0)" }))
        #expect(log.all.count == 200)
    }

    @Test("a handler that throws answers with its error after the scope's hooks ran")
    func thrownError() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let router = Router()
        router.get("refuse") { _, _ -> String in
            let token = try container.resolve(Token.self)
            log.record("handler \(token.serial)")
            throw HTTPError(.badRequest, message: "no")
        }
        let app = Application(responder: router.requestScoped(in: container) { _, _ in 0 })

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/refuse", method: .get)
            #expect(response.status == .badRequest)
        }
        let events = log.all
        #expect(events.count == 2 && events[1].hasPrefix("hook "), "\(events)")
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
        ) { _, _ in 0 }

        var response: Response? = try await responder.respond(to: .get("/"), context: TestContext(source: .init()))
        #expect(response?.status == .ok)
        #expect(log.all.isEmpty, "the scope stays open while the response may still be written")
        response = nil
        await log.waitUntil(count: 1)  // the scope closes in its own task once the response is gone
        #expect(log.all.count == 1 && log.all[0].hasPrefix("hook "), "\(log.all)")
    }
}

import DIContainer
import Testing

/// A scope opened with `openScope` and closed later: the work runs in `run` from any task, the
/// hooks run once at `close`, told how the work ended.
@Suite("Scopes opened and closed apart (openScope)")
struct ScopeHandleTests {
    struct Failure: Error {}

    /// A container with a request-scoped unit of work whose hook records how its request ended.
    private func makeContainer(log: EventLog, hookFails: Bool = false) -> Container {
        let container = Container()
        container.register(RequestContext.self, providedBy: .request)
        container.register(Pool.self, lifetime: .singleton) { _ in Pool(serial: 1) }
        container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in
            UnitOfWork(pool: try r.resolve(Pool.self), serial: 1)
        }
        .onShutdown { _, reason in
            if case .scopeSucceeded = reason { log.record("committed") } else { log.record("rolled back") }
            if hookFails { throw Failure() }
        }
        return container
    }

    @Test("work run in the scope from two tasks shares its instances and value; the hooks run once, at close")
    func runFromTwoTasks() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let scope = container.openScope(.request, providing: RequestContext(user: "ada"))
        #expect(scope.scope == .request)
        let first = try await scope.run { try container.resolve(UnitOfWork.self) }
        let (second, user) = try await Task.detached {
            try await scope.run { (try container.resolve(UnitOfWork.self), try container.resolve(RequestContext.self).user) }
        }.value
        #expect(first === second)
        #expect(user == "ada")
        #expect(log.all.isEmpty)
        try await scope.close()
        try await scope.close()
        #expect(log.all == ["committed"])
        // Outside it, and in it once closed, the request's services are refused.
        #expect(throws: ResolutionError.self) { try container.resolve(UnitOfWork.self) }
        await #expect(throws: ResolutionError.self) { try await scope.run { try container.resolve(UnitOfWork.self) } }
    }

    @Test("closing with an error tells the hooks the work failed and throws nothing; a failing hook throws only on success")
    func closeFailing() async throws {
        let log = EventLog()
        let container = makeContainer(log: log, hookFails: true)
        let failed = container.openScope(.request)
        _ = try await failed.run { try container.resolve(UnitOfWork.self) }
        try await failed.close(failing: Failure())
        #expect(log.all == ["rolled back"])

        let succeeded = container.openScope(.request)
        _ = try await succeeded.run { try container.resolve(UnitOfWork.self) }
        await #expect(throws: ShutdownError.self) { try await succeeded.close() }
        #expect(log.all == ["rolled back", "committed"])
    }

    @Test("two open scopes keep apart, and one opened inside another's run sees the outer one")
    func nesting() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        container.register(Pool.self, name: "session", lifetime: .scoped("session")) { _ in Pool(serial: 2) }
        let (session, inner) = try await container.withScope("session") {
            (try container.resolve(Pool.self, name: "session"), container.openScope(.request))
        }
        let other = container.openScope(.request)
        let (a, b) = (
            try await inner.run { try container.resolve(UnitOfWork.self) }, try await other.run { try container.resolve(UnitOfWork.self) }
        )
        #expect(a !== b)
        // The session scope has closed: the request scope opened inside it no longer reaches it.
        await #expect(throws: ResolutionError.self) { try await inner.run { try container.resolve(Pool.self, name: "session") } }
        _ = session
        try await inner.close()
        try await other.close()
        #expect(log.all == ["committed", "committed"])
    }

    @Test("closed while work still runs in it: the hooks run once, at the first close, and the work's later resolves are refused")
    func closedUnderRunningWork() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let scope = container.openScope(.request)
        let built = Gate()
        let closed = Gate()
        let work = Task {
            try await scope.run {
                let first = try container.resolve(UnitOfWork.self)
                built.open()
                await closed.wait()
                return (first, Result { try container.resolve(UnitOfWork.self) })
            }
        }
        await built.wait()
        async let one: Void = scope.close()
        async let two: Void = scope.close()
        _ = try await (one, two)
        closed.open()
        let (first, later) = try await work.value
        #expect(log.all == ["committed"])
        #expect(first.serial == 1)
        #expect(throws: ResolutionError.self) { try later.get() }
    }

    @Test("a scope never closed is ended by the container's shutdown")
    func endedByShutdown() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let scope = container.openScope(.request)
        _ = try await scope.run { try container.resolve(UnitOfWork.self) }
        let report = try await container.shutdown(timeout: .seconds(5))
        #expect(report.completed.count == 1)
        #expect(log.all == ["rolled back"])
        try await scope.close()
        #expect(log.all == ["rolled back"])
    }
}

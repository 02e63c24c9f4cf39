import DIContainer
import Testing

@Suite("Request scopes (withScope)")
struct RequestScopeTests {
    private func serverContainer(log: EventLog, counter: Counter) -> Container {
        let container = Container()
        container.register(Pool.self, lifetime: .singleton) { _ async in Pool(serial: counter.increment()) }
            .onShutdown { _ in log.record("pool closed") }
        container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r async throws in
            UnitOfWork(pool: try await r.resolveAsync(Pool.self), serial: counter.increment())
        }
        .onShutdown { unitOfWork in log.record("unit of work \(unitOfWork.serial) rolled back") }
        container.register(RequestContext.self, lifetime: .scoped(.request)) { _ in RequestContext(user: CurrentUser.name) }
            .onShutdown { context in log.record("context of \(context.user) closed") }
        container.register(CheckoutUseCase.self) { r async throws in
            CheckoutUseCase(unitOfWork: try await r.resolveAsync(UnitOfWork.self), context: try r.resolve(RequestContext.self))
        }
        return container
    }

    @Test("one instance per scope, shared within it and by its child tasks; shut down when it ends")
    func sharedWithinScope() async throws {
        let (log, counter) = (EventLog(), Counter())
        let container = serverContainer(log: log, counter: counter)
        let (first, second, fromChild) = try await container.withScope(.request) {
            let first = try await container.resolveAsync(UnitOfWork.self)
            let second = try await container.resolveAsync(UnitOfWork.self)
            let fromChild = try await Task { try await container.resolveAsync(UnitOfWork.self) }.value
            #expect(log.all.isEmpty)
            return (first, second, fromChild)
        }
        #expect(first === second)
        #expect(first === fromChild)
        #expect(log.all == ["unit of work \(first.serial) rolled back"])
        let next = try await container.withScope(.request) { try await container.resolveAsync(UnitOfWork.self) }
        #expect(next !== first)
        #expect(next.pool === first.pool)
    }

    @Test("1,000 concurrent scopes never share an instance, and a request sees only its own context")
    func concurrentScopesAreIsolated() async throws {
        let (log, counter) = (EventLog(), Counter())
        let container = serverContainer(log: log, counter: counter)
        let results = try await withThrowingTaskGroup(of: (String, CheckoutUseCase, UnitOfWork).self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    try await CurrentUser.$name.withValue("user-\(index)") {
                        try await container.withScope(.request) {
                            let useCase = try await container.resolveAsync(CheckoutUseCase.self)
                            await Task.yield()
                            return ("user-\(index)", useCase, try await container.resolveAsync(UnitOfWork.self))
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 1_000)
        for (user, useCase, unitOfWork) in results {
            #expect(useCase.context.user == user)
            #expect(useCase.unitOfWork === unitOfWork)
        }
        #expect(Set(results.map { ObjectIdentifier($0.2) }).count == 1_000)
        #expect(Set(results.map { ObjectIdentifier($0.2.pool) }).count == 1)
        #expect(log.all.filter { $0.hasSuffix("rolled back") }.count == 1_000)
        #expect(log.all.filter { $0.hasPrefix("context of") }.count == 1_000)
        #expect(!log.all.contains("pool closed"))
    }

    @Test("builds in open scopes never wait for each other")
    func buildsDoNotWait() async throws {
        // Each build waits until all 20 are under way: serialized builds would never get there.
        let (inside, gaveUp) = (Counter(), Counter())
        let container = Container()
        container.register(Numbered.self, lifetime: .scoped(.request)) { _ async throws in
            let number = inside.increment()
            let clock = ContinuousClock()
            let giveUp = clock.now + .seconds(30)
            while inside.value < 20, gaveUp.value == 0 {
                if clock.now > giveUp { gaveUp.increment() }
                try await Task.sleep(for: .milliseconds(5))
            }
            return Numbered(number)
        }
        let built = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await container.withScope(.request) { try await container.resolveAsync(Numbered.self).number } }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(built.count == 20)
        #expect(gaveUp.value == 0, "the builds did not all run at once")
    }

    @Test("outside withScope a scoped registration keeps its generation; a scope hides it")
    func generationOutside() async throws {
        let counter = Counter()
        let container = Container()
        container.register(Numbered.self, lifetime: .scoped(.session)) { _ in Numbered(counter.increment()) }
        let generation = try container.resolve(Numbered.self)
        let inside = try await container.withScope(.session) { try container.resolve(Numbered.self) }
        #expect(inside !== generation)
        #expect(try container.resolve(Numbered.self) === generation)
    }

    @Test("nested scopes of different names are both open; the same name hides the outer one")
    func nested() async throws {
        let counter = Counter()
        let container = Container()
        let unit: Scope = "unit"
        container.register(Numbered.self, lifetime: .scoped(unit)) { _ in Numbered(counter.increment()) }
        container.register(Numbered.self, name: "session", lifetime: .scoped(.session)) { _ in Numbered(counter.increment()) }
        try await container.withScope(.session) {
            let session = try container.resolve(Numbered.self, name: "session")
            let outer = try container.resolve(Numbered.self)
            try await container.withScope(unit) { () async throws in
                #expect(try container.resolve(Numbered.self, name: "session") === session)
                #expect(try container.resolve(Numbered.self) !== outer)
            }
            #expect(try container.resolve(Numbered.self) === outer)
        }
    }

    @Test("a scope opened inside withOverrides sees the overrides")
    func seesOverrides() async throws {
        let container = Container()
        container.register(RequestContext.self, lifetime: .scoped(.request)) { _ in RequestContext(user: "real") }
        let user = try await container.withOverrides {
            $0.register(RequestContext.self, lifetime: .scoped(.request)) { _ in RequestContext(user: "fake") }
        } operation: {
            try await container.withScope(.request) { try container.resolve(RequestContext.self).user }
        }
        #expect(user == "fake")
    }

    @Test("a scope's hooks follow what the factories asked for, through a service in between, for a dependency built after its consumer")
    func hooksFollowWhatWasAskedFor() async throws {
        final class Gateway: Sendable {
            let context: RequestContext
            init(context: RequestContext) { self.context = context }
        }
        let log = EventLog()
        let container = Container()
        container.register(RequestContext.self, lifetime: .scoped(.request)) { _ in RequestContext(user: "a") }
            .onShutdown { _ in log.record("context closed") }
        container.register(Gateway.self) { r in Gateway(context: try r.resolve(RequestContext.self)) }
        // The unit of work reaches the context through a `Lazy` of the gateway, unread when the
        // context is built: the context is newer and on no path through it, so only what the
        // factories asked for (the gateway's, looked up in the container closing the scope)
        // orders the two.
        container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in
            _ = try r.resolve(Lazy<Gateway>.self)
            return UnitOfWork(pool: Pool(serial: 0), serial: 1)
        }
        .onShutdown { _ in
            // Slow: without the order, the context's hook would run meanwhile and log first.
            try await Task.sleep(for: .milliseconds(50))
            log.record("unit of work closed")
        }
        try await container.validateAsync()  // learns what the gateway asks for (its scope's hooks log too)
        let learned = log.all.count
        try await container.withScope(.request) {
            _ = try container.resolve(UnitOfWork.self)
            _ = try container.resolve(RequestContext.self)
        }
        #expect(log.all.dropFirst(learned) == ["unit of work closed", "context closed"])
        let scope = container.openScope(.request)
        try await scope.run {
            _ = try container.resolve(UnitOfWork.self)
            _ = try container.resolve(RequestContext.self)
        }
        try await scope.close()
        #expect(log.all.dropFirst(learned + 2) == ["unit of work closed", "context closed"])
    }

    @Test("a failing hook at the end of a scope is reported, after the others ran; the operation's error wins")
    func failingHook() async throws {
        struct RollbackFailed: Error {}
        let log = EventLog()
        let container = Container()
        container.register(RequestContext.self, lifetime: .scoped(.request)) { _ in RequestContext(user: "a") }
            .onShutdown { _ in throw RollbackFailed() }
        container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in
            _ = try r.resolve(RequestContext.self)
            return UnitOfWork(pool: Pool(serial: 0), serial: 1)
        }
        .onShutdown { _ in log.record("unit of work closed") }
        await #expect(throws: ShutdownError.self) {
            try await container.withScope(.request) { _ = try container.resolve(UnitOfWork.self) }
        }
        #expect(log.all == ["unit of work closed"])
        struct Failed: Error {}
        await #expect(throws: Failed.self) {
            try await container.withScope(.request) {
                _ = try container.resolve(UnitOfWork.self)
                throw Failed()
            }
        }
        #expect(log.all == ["unit of work closed", "unit of work closed"])
    }

    @Test("10,000 scopes leave nothing behind")
    func manyScopesReleaseEverything() async throws {
        let container = Container()
        container.register(UnitOfWork.self, lifetime: .scoped(.request)) { _ in UnitOfWork(pool: Pool(serial: 0), serial: 0) }
            .onShutdown { _ in }
        weak var last: UnitOfWork?
        for _ in 0..<10_000 {
            let unitOfWork = try await container.withScope(.request) { try container.resolve(UnitOfWork.self) }
            last = unitOfWork
        }
        #expect(last == nil)
    }
}

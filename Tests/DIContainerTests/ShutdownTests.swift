import DIContainer
import Dispatch
import Testing

/// A cache that depends on the pool (built after it, shut down before it).
final class Cache: Sendable {
    let pool: Pool
    init(pool: Pool) { self.pool = pool }
}

/// A container with a pool and a cache depending on it, both singletons, whose hooks log "pool"
/// and "cache" (the cache's runs `cacheHook` instead, when given).
private func poolAndCache(_ log: EventLog, cacheHook: (@Sendable (Cache) async throws -> Void)? = nil) -> Container {
    let container = Container()
    container.register(Pool.self, lifetime: .singleton) { _ in Pool(serial: 1) }
        .onShutdown { _ in log.record("pool") }
    container.register(Cache.self, lifetime: .singleton) { r in Cache(pool: try r.resolve(Pool.self)) }
        .onShutdown { cache in
            guard let cacheHook else { return log.record("cache") }
            try await cacheHook(cache)
        }
    return container
}

/// Checks that `pool` is still the kept instance and that shutdown runs its one hook, which
/// logs "pool SERIAL", and reports it.
private func expectEndsWithItsHook(_ pool: Pool, serial: Int, in container: Container, log: EventLog) async throws {
    #expect(try container.resolve(Pool.self) === pool)
    let report = try await container.shutdown(timeout: .seconds(120))
    #expect(log.all == ["pool \(serial)"])
    #expect(report.completed.map(\.typeName) == ["Pool"])
}

@Suite("Shutdown and onShutdown")
struct ShutdownTests {
    @Test("shutdown runs each kept instance's hooks once, dependents first, then refuses resolves")
    func dependencyOrder() async throws {
        let log = EventLog()
        let container = poolAndCache(log)
        container.register(UnitOfWork.self, lifetime: .scoped(.session)) { r in UnitOfWork(pool: try r.resolve(Pool.self), serial: 2) }
            .onShutdown { _ in log.record("session unit of work") }
        container.register(Numbered.self, lifetime: .transient) { _ in Numbered(0) }
        _ = try container.resolve(Cache.self)
        _ = try container.resolve(UnitOfWork.self)
        let report = try await container.shutdown(timeout: .seconds(120))
        // The pool's dependents first; those two depend on nothing of each other, so their hooks
        // run side by side (started newest first) and end in either order.
        #expect(Set(log.all.prefix(2)) == ["session unit of work", "cache"] && log.all.last == "pool")
        #expect(Set(report.completed.map(\.typeName).prefix(2)) == ["UnitOfWork", "Cache"])
        #expect(report.completed.last?.typeName == "Pool")
        #expect(report.isClean)

        let error = try #require(throws: ResolutionError.self) { try container.resolve(Cache.self) }
        guard case .shutDown = error.kind else {
            Issue.record("expected shutDown, got \(error)")
            return
        }
        #expect("\(error)".contains("shut down"))
        #expect(throws: ResolutionError.self) { try container.resolve(Numbered.self) }
        let again = try await container.shutdown(timeout: .seconds(120))
        #expect(again.completed.isEmpty)
        #expect(log.all.count == 3)
    }

    @Test("an instance kept before its registration had an onShutdown hook ends with that hook")
    func hookAddedAfterTheBuild() async throws {
        let log = EventLog()
        let container = Container()
        let registration = container.register(Pool.self, lifetime: .singleton) { _ in Pool(serial: 7) }
        let pool = try container.resolve(Pool.self)
        registration.onShutdown { pool in log.record("pool \(pool.serial)") }
        try await expectEndsWithItsHook(pool, serial: 7, in: container, log: log)
    }

    @Test("a build in flight when its registration gets an onShutdown hook ends with that hook, once")
    func hookAddedDuringTheBuild() async throws {
        let log = EventLog()
        let container = Container()
        let (started, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let registration = container.register(Pool.self, lifetime: .singleton) { _ in
            started.signal()
            release.wait()
            return Pool(serial: 8)
        }
        // The build looks its registration up before the hook exists, and keeps its instance after.
        let building = Task.detached { try container.resolve(Pool.self) }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        registration.onShutdown { pool in log.record("pool \(pool.serial)") }
        release.signal()
        let pool = try await building.value
        try await expectEndsWithItsHook(pool, serial: 8, in: container, log: log)
    }

    @Test("a dependency resolved later through a Provider still shuts down after its dependent")
    func graphOrderBeatsBuildOrder() async throws {
        let log = EventLog()
        let container = poolAndCache(log)
        // The cache is built first: its pool is then built inside its factory, so it is older;
        // resolving the pool again changes nothing.
        _ = try container.resolve(Cache.self)
        _ = try container.resolve(Pool.self)
        try await container.shutdown(timeout: .seconds(120))
        #expect(log.all == ["cache", "pool"])
    }

    @Test("a failing hook is reported and does not stop the others")
    func failingHook() async throws {
        struct CloseFailed: Error {}
        let log = EventLog()
        let container = poolAndCache(log) { _ in throw CloseFailed() }
        _ = try container.resolve(Cache.self)
        let error = try await #require(throws: ShutdownError.self) { try await container.shutdown(timeout: .seconds(120)) }
        #expect(error.report.failures.map(\.service.typeName) == ["Cache"])
        #expect(error.report.failures.first?.error is CloseFailed)
        #expect(log.all == ["pool"])
        #expect("\(error)".contains("Cache"))
    }

    @Test("a hook that never returns is abandoned at the deadline and named; shutdown returns")
    func hungHook() async throws {
        let (gate, log) = (Gate(), EventLog())
        let container = Container()
        container.register(Pool.self, lifetime: .singleton) { _ in Pool(serial: 1) }
            .onShutdown { _ in
                // Ignores cancellation: returns only once the test opens the gate, after shutdown.
                await gate.wait()
                log.record("hook returned")
            }
        _ = try container.resolve(Pool.self)
        // What returns is checked, not how fast: tests running beside this one may keep every
        // thread of the pool busy for seconds. Without the deadline, this call never returns.
        let error = try await #require(throws: ShutdownError.self) { try await container.shutdown(timeout: .seconds(1)) }
        // Abandoned once started; skipped if a starved pool reached it after the deadline.
        #expect((error.report.abandoned + error.report.skipped).map(\.typeName) == ["Pool"], "\(error.report)")
        #expect(error.report.completed.isEmpty)
        // Let an abandoned hook end, so that its task is not left behind (leak checking).
        gate.open()
        if !error.report.abandoned.isEmpty {
            for _ in 0..<2_000 where log.all.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            #expect(log.all == ["hook returned"])
        }
    }

    @Test("reset drops the session's instances and runs their hooks; the awaited form reports them")
    func resetRunsHooks() async throws {
        let log = EventLog()
        let counter = Counter()
        let container = Container()
        container.register(Numbered.self, lifetime: .scoped(.session)) { _ in Numbered(counter.increment()) }
            .onShutdown { numbered in log.record("session \(numbered.number) ended") }
        let first = try container.resolve(Numbered.self)
        let report = try await container.reset(.scoped(.session), timeout: .seconds(120))
        #expect(report.completed.map(\.typeName) == ["Numbered"])
        #expect(log.all == ["session \(first.number) ended"])
        let second = try container.resolve(Numbered.self)
        #expect(second !== first)
        container.reset(.scoped(.session))
        for _ in 0..<500 where log.all.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(log.all == ["session \(first.number) ended", "session \(second.number) ended"])
        try await container.shutdown(timeout: .seconds(120))
        #expect(log.all.count == 2)
    }

    @Test("a weak instance still alive is shut down; a released one is not")
    func weakInstances() async throws {
        let log = EventLog()
        let container = Container()
        container.register(Pool.self, name: "kept", lifetime: .weak) { _ in Pool(serial: 1) }
            .onShutdown { _ in log.record("kept") }
        container.register(Pool.self, name: "released", lifetime: .weak) { _ in Pool(serial: 2) }
            .onShutdown { _ in log.record("released") }
        let kept = try container.resolve(Pool.self, name: "kept")
        _ = try container.resolve(Pool.self, name: "released")
        try await container.shutdown(timeout: .seconds(120))
        #expect(log.all == ["kept"])
        _ = kept
    }

    @Test("shutdown racing resolves: each completes or throws shutDown; no hook runs twice, nothing is kept after")
    func racingResolves() async throws {
        for _ in 0..<20 {
            let log = EventLog()
            let counter = Counter()
            let container = Container()
            container.register(Pool.self, lifetime: .singleton) { _ async throws in
                try await Task.sleep(for: .milliseconds(1))
                return Pool(serial: counter.increment())
            }
            .onShutdown { pool in log.record("pool \(pool.serial)") }
            container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r async throws in
                UnitOfWork(pool: try await r.resolveAsync(Pool.self), serial: counter.increment())
            }
            .onShutdown { unitOfWork in log.record("unit \(unitOfWork.serial)") }
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        do {
                            _ = try await container.withScope(.request) { try await container.resolveAsync(UnitOfWork.self) }
                            return "completed"
                        } catch let error as ResolutionError {
                            if case .shutDown = error.kind { return "shut down" }
                            return "unexpected \(error)"
                        } catch {
                            return "unexpected \(error)"
                        }
                    }
                    if index == 25 {
                        group.addTask {
                            _ = try? await container.shutdown(timeout: .seconds(120))
                            return "shutdown"
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.allSatisfy { $0 == "completed" || $0 == "shut down" || $0 == "shutdown" }, "\(outcomes)")
            // Hooks of instances built after the shutdown ran in the background: wait for them.
            for _ in 0..<200 where log.all.count < counter.value { try await Task.sleep(for: .milliseconds(5)) }
            #expect(log.all.count == Set(log.all).count, "a hook ran twice: \(log.all)")
            #expect(log.all.count == counter.value, "every built instance's hook ran once: \(log.all), \(counter.value) built")
            await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Pool.self) }
        }
    }
}

@Suite("Shutdown hooks in test overrides")
struct OverrideShutdownTests {
    @Test("instances an override scope kept are shut down when withOverrides returns; the real ones are not")
    func overrideScopeEnds() async throws {
        let log = EventLog()
        let container = Container()
        container.register(Pool.self, lifetime: .singleton) { _ in Pool(serial: 1) }
            .onShutdown { pool in log.record("pool \(pool.serial)") }
        let real = try container.resolve(Pool.self)
        let inside = try await container.withOverrides { _ in
        } operation: { () async throws in
            try container.resolve(Pool.self)
        }
        #expect(inside !== real)
        #expect(log.all == ["pool 1"])
        try await container.shutdown(timeout: .seconds(120))
        #expect(log.all == ["pool 1", "pool 1"])
    }
}

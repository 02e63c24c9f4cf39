import DIContainer
import DIContainerServiceLifecycle
import Foundation
import Logging
import ServiceLifecycle
import Testing
import UnixSignals

/// A container with two eager singletons, the repository depending on the database, each with an
/// `onShutdown` hook, and a lazy one that nothing builds.
private func makeContainer(log: EventLog) -> Container {
    let container = Container()
    container.register(Database.self, lifetime: .singleton) { _ async in await Database(log: log) }
        .onShutdown { await $0.close() }
        .eager()
    container.register(Repository.self, lifetime: .singleton) { r async throws in
        await Repository(database: try await r.resolveAsync(Database.self))
    }
    .onShutdown { await $0.close() }
    .eager()
    container.register(String.self, lifetime: .singleton) { _ in "never built" }
        .onShutdown { _ in await log.record("lazy closed") }
    return container
}

/// Loggers that print nothing: the tests read the event log.
private let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

/// One group run: the container service first, then a worker.
private func makeGroup(_ container: Container, log: EventLog, signals: [UnixSignal] = []) -> ServiceGroup {
    ServiceGroup(
        configuration: .init(
            services: [ContainerService(container: container, logger: quiet), WorkerService(log: log)],
            gracefulShutdownSignals: signals, logger: quiet))
}

/// Whether `error` is a `ResolutionError` of kind `.shutDown`.
private func isShutDown(_ error: any Error) -> Bool {
    guard let error = error as? ResolutionError, case .shutDown = error.kind else { return false }
    return true
}

/// The error of type `E` that `run` failed with; `nil` (and a recorded issue) when it did not.
private func failure<E: Error>(_ type: E.Type, of run: Task<Void, any Error>) async -> E? {
    do {
        try await run.value
        Issue.record("expected \(E.self), but the run succeeded")
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected \(E.self), got \(error)")
    }
    return nil
}

// Serialized: the signal test sends SIGUSR1 to the whole test process.
@Suite("ContainerService in a ServiceGroup", .serialized)
struct ContainerServiceTests {
    @Test("start builds the eager registrations; graceful shutdown runs the hooks dependents first, after the other service")
    func gracefulShutdownByTrigger() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let group = makeGroup(container, log: log)

        let run = Task { try await group.run() }
        await log.waitFor("repository opened")
        await log.waitFor("worker running")
        await group.triggerGracefulShutdown()
        try await run.value

        let events = await log.events
        #expect(
            events.filter { !$0.hasPrefix("worker running") } == [
                "database opened", "repository opened", "worker stopped", "repository closed", "database closed",
            ])
        await #expect(performing: { try await container.resolveAsync(Repository.self) }, throws: isShutDown)
        #expect(performing: { try container.resolve(String.self) }, throws: isShutDown)
    }

    @Test("a graceful-shutdown signal (SIGUSR1) stops the group and runs the hooks in dependency order")
    func gracefulShutdownBySignal() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let group = makeGroup(container, log: log, signals: [.sigusr1])

        let run = Task { try await group.run() }
        // Signal only once both services run: the group's signal handler is installed by then,
        // and SIGUSR1 without a handler ends the process.
        await log.waitFor("repository opened")
        await log.waitFor("worker running")
        kill(getpid(), SIGUSR1)
        try await run.value

        let events = await log.events
        #expect(Array(events.suffix(3)) == ["worker stopped", "repository closed", "database closed"])
        await #expect(performing: { try await container.resolveAsync(Database.self) }, throws: isShutDown)
    }

    @Test("a failing eager registration fails the group with StartupError, after closing what start built")
    func startupFailure() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        container.register(Int.self, lifetime: .singleton) { _ in throw Broken(what: "settings") }.eager()
        let group = makeGroup(container, log: log)

        let error = await failure(StartupError.self, of: Task { try await group.run() })
        #expect(error?.failures.count == 1)
        let events = await log.events
        #expect(events.contains("database closed"))
        #expect(events.firstIndex(of: "repository closed") ?? .max < events.firstIndex(of: "database closed") ?? -1)
    }

    @Test("started() returns once run() started the container, for waiters before and after the start")
    func startedWaitsForTheStart() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let service = ContainerService(container: container, logger: quiet)
        let early = Task {
            try await service.started()
            return await log.events
        }
        let group = ServiceGroup(
            configuration: .init(services: [service, WorkerService(log: log)], gracefulShutdownSignals: [], logger: quiet))
        let run = Task { try await group.run() }
        let seenEarly = try await early.value
        #expect(seenEarly.contains("repository opened"), "the waiter resumed before the start ended: \(seenEarly)")
        try await service.started()  // after the start: at once
        await group.triggerGracefulShutdown()
        try await run.value
        #expect(await log.events.filter { $0 == "database opened" }.count == 1, "started() starts nothing itself")
    }

    @Test("started() throws the start's own error when it failed, never the shut-down container's")
    func startedThrowsTheStartupError() async throws {
        for _ in 0..<5 {
            let log = EventLog()
            let container = makeContainer(log: log)
            container.register(Int.self, lifetime: .singleton) { _ in throw Broken(what: "settings") }.eager()
            // The shutdown after the failed start takes a while; the waiter asks while it runs.
            container.register(Double.self, lifetime: .singleton) { _ in 1 }
                .onShutdown { _ in try? await Task.sleep(for: .milliseconds(100)) }
                .eager()
            let service = ContainerService(container: container, logger: quiet)
            let waiter = WaitingService(service: service, delay: .milliseconds(20))
            let group = ServiceGroup(
                configuration: .init(services: [service, waiter], gracefulShutdownSignals: [], logger: quiet))
            let error = await failure(StartupError.self, of: Task { try await group.run() })
            #expect(error?.failures.count == 1)
            await #expect(throws: StartupError.self) { try await service.started() }
        }
    }

    @Test("a task waiting in started() is cancelled with CancellationError")
    func startedCancelled() async throws {
        let service = ContainerService(container: Container(), logger: quiet)
        let waiter = Task { try await service.started() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }

    @Test("a failing onShutdown hook makes run() throw ShutdownError, naming the service; the other hooks still run")
    func failingHook() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        container.register(Double.self, lifetime: .singleton) { _ in 1 }
            .onShutdown { _ in throw Broken(what: "flush") }
            .eager()
        let group = makeGroup(container, log: log)

        let run = Task { try await group.run() }
        await log.waitFor("worker running")
        await group.triggerGracefulShutdown()
        let error = await failure(ShutdownError.self, of: run)
        #expect(error?.report.failures.map(\.service.typeName) == ["Double"])
        #expect((error?.report.failures.first?.error as? Broken) == Broken(what: "flush"))
        #expect(await log.events.contains("database closed"))
    }

    @Test("a hook still running at the shutdown timeout is reported as abandoned")
    func shutdownTimeout() async throws {
        let log = EventLog()
        let release = EventLog()
        let container = Container()
        container.register(Database.self, lifetime: .singleton) { _ async in await Database(log: log) }
            .onShutdown { _ in await release.waitFor("release") }  // hangs until the test ends
            .eager()
        let service = ContainerService(container: container, shutdownTimeout: .milliseconds(100), logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [service], logger: quiet))

        let run = Task { try await group.run() }
        await log.waitFor("database opened")
        await group.triggerGracefulShutdown()
        let error = await failure(ShutdownError.self, of: run)
        #expect(error?.report.abandoned.map(\.typeName) == ["Database"])
        await release.record("release")
    }

    @Test("cancelling the service's task still runs the hooks, and run() returns normally")
    func cancellation() async throws {
        let log = EventLog()
        let container = makeContainer(log: log)
        let service = ContainerService(container: container, logger: quiet)

        let task = Task { try await service.run() }
        await log.waitFor("repository opened")
        task.cancel()
        try await task.value

        #expect(Array(await log.events.suffix(2)) == ["repository closed", "database closed"])
        await #expect(performing: { try await container.resolveAsync(Database.self) }, throws: isShutDown)
    }
}

import DIContainerServiceLifecycle
import ServiceLifecycle

/// A database connection: built by an async factory, closed by an `onShutdown` hook.
final class Database: Sendable {
    let log: EventLog

    init(log: EventLog) async {
        self.log = log
        await log.record("database opened")
    }

    func close() async { await log.record("database closed") }
}

/// Depends on `Database`, so its hook must run before the database's.
final class Repository: Sendable {
    let database: Database

    init(database: Database) async {
        self.database = database
        await database.log.record("repository opened")
    }

    func close() async { await database.log.record("repository closed") }
}

/// Why a test's factory or hook failed.
struct Broken: Error, Equatable {
    let what: String
}

/// Another service of the group: it runs until graceful shutdown and records when it stops.
/// Listed after the container service, it must stop before the container's hooks run.
struct WorkerService: Service {
    let log: EventLog

    func run() async throws {
        await log.record("worker running")
        try? await gracefulShutdown()
        await log.record("worker stopped")
    }
}

/// A service that waits for the container service's start before it runs, as a server does
/// before it accepts requests, after `delay` of its own setup (a server binding its socket).
struct WaitingService: Service {
    let service: ContainerService
    var delay: Duration = .zero

    func run() async throws {
        try await Task.sleep(for: delay)
        try await service.started()
        try? await gracefulShutdown()
    }
}

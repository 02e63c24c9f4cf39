// The services of the request cases (13 and 14): what a server builds per request. Every
// contender builds exactly these objects.

/// A request's unit of work: one per request, shared within it (case "request scope").
final class UnitOfWork: Sendable {
    init() {}
}

/// Who sent the request: one per request, shared within it (case "request scope").
final class CurrentUser: Sendable {
    init() {}
}

/// A connection pool: one per process, shared by every request (a singleton).
final class ConnectionPool: Sendable {
    init() {}
}

/// The use case a request runs: two request-scoped and two singleton dependencies.
final class PlaceOrderUseCase: Sendable {
    let unitOfWork: UnitOfWork
    let user: CurrentUser
    let pool: ConnectionPool
    let settings: any Settings

    init(unitOfWork: UnitOfWork, user: CurrentUser, pool: ConnectionPool, settings: any Settings) {
        self.unitOfWork = unitOfWork
        self.user = user
        self.pool = pool
        self.settings = settings
    }
}

/// A request's session, loaded by an `async` factory that takes `sessionLoadTime` (case
/// "concurrent request scopes").
final class RequestSession: Sendable {
    init() {}

    /// Loads a session the way a store would: the task waits, the thread does not.
    static func load() async throws -> RequestSession {
        try await Task.sleep(for: sessionLoadTime)
        return RequestSession()
    }
}

/// The use case of the concurrent cases: the request's session and a singleton.
final class ShowAccountUseCase: Sendable {
    let session: RequestSession
    let pool: ConnectionPool

    init(session: RequestSession, pool: ConnectionPool) {
        self.session = session
        self.pool = pool
    }
}

/// How long `RequestSession.load()` waits.
let sessionLoadTime = Duration.milliseconds(5)

/// How many request scopes (or tasks) run at once in each iteration of the concurrent cases.
let concurrentRequests = 1_000

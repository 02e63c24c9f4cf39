import DIContainer
import DIContainerLocking

/// What lifecycle hooks and factories did, in order, from any thread.
final class EventLog: Sendable {
    private let events = Locked<[String]>([])

    func record(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
    func count(of event: String) -> Int { all.filter { $0 == event }.count }
}

/// A connection pool: an async singleton closed at shutdown.
final class Pool: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// A request's unit of work, depending on the pool.
final class UnitOfWork: Sendable {
    let pool: Pool
    let serial: Int
    init(pool: Pool, serial: Int) { (self.pool, self.serial) = (pool, serial) }
}

/// A request's context: who asks.
final class RequestContext: Sendable {
    let user: String
    init(user: String) { self.user = user }
}

/// A use case reading two request services and the pool.
final class CheckoutUseCase: Sendable {
    let unitOfWork: UnitOfWork
    let context: RequestContext
    init(unitOfWork: UnitOfWork, context: RequestContext) { (self.unitOfWork, self.context) = (unitOfWork, context) }
}

/// Which user the current test request is for.
enum CurrentUser {
    @TaskLocal static var name = "nobody"
}

/// A gate tasks wait at until it opens: a hook that "never returns" until the test lets it.
final class Gate: Sendable {
    private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

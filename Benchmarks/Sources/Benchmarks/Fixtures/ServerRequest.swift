// The services of the server-request case: the example server's request (its identity handed in,
// an actor pool, a unit of work that leases a connection and gives it back when it commits, a
// use case on both). Every contender builds exactly these objects and makes the same calls.

/// Who made the request: made from the request and handed into its scope.
struct RequestIdentity: Sendable {
    let requestID: Int
}

/// A pool of connections, leased by each request's unit of work: one per process, an actor.
actor LeasePool {
    private var leased = 0

    /// Leases a connection.
    func lease() -> Int {
        leased += 1
        return leased
    }

    /// Gives a connection back.
    func release(_ lease: Int) {
        leased -= 1
    }
}

/// A request's transaction, on a leased connection: begun by the first use case that asks for
/// it, committed (the connection given back) when the request ends.
actor RequestTransaction {
    let lease: Int
    let identity: RequestIdentity
    private let pool: LeasePool
    private var isFinished = false

    private init(lease: Int, identity: RequestIdentity, pool: LeasePool) {
        (self.lease, self.identity, self.pool) = (lease, identity, pool)
    }

    /// Begins a transaction for `identity` on a connection leased from `pool`.
    static func begin(pool: LeasePool, identity: RequestIdentity) async -> RequestTransaction {
        RequestTransaction(lease: await pool.lease(), identity: identity, pool: pool)
    }

    /// Commits or rolls back, and gives the connection back; only the first call does anything.
    func finish(committing: Bool) async {
        guard !isFinished else { return }
        isFinished = true
        await pool.release(lease)
    }
}

/// The use case a server's request runs: the request's identity and transaction.
final class DescribeRequestUseCase: Sendable {
    let identity: RequestIdentity
    let transaction: RequestTransaction

    init(identity: RequestIdentity, transaction: RequestTransaction) {
        (self.identity, self.transaction) = (identity, transaction)
    }
}

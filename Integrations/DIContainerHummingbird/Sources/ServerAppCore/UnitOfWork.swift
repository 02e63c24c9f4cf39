import Logging

/// One request's transaction. Registered `.scoped(.request)`: the first use case of a request
/// to ask for it begins it (leasing a connection), every later one in that request shares it, and
/// the request scope's end runs its `onShutdown` hook, told how the request ended: it commits
/// when the request succeeded, and rolls back when the handler threw.
///
/// ```swift
/// let unitOfWork = try await UnitOfWork.begin(pool: pool, identity: identity, logger: logger)
/// await unitOfWork.record("order: tea")
/// await unitOfWork.finish(committing: true)  // logs "unit of work 1 committed"
/// ```
public actor UnitOfWork {
    /// The connection this unit of work holds; its serial identifies the unit of work.
    public nonisolated let lease: ConnectionPool.Lease
    /// The request it belongs to.
    public nonisolated let identity: RequestIdentity
    private let pool: ConnectionPool
    private let logger: Logger
    private var changes: [String] = []
    private var isFinished = false

    private init(lease: ConnectionPool.Lease, identity: RequestIdentity, pool: ConnectionPool, logger: Logger) {
        self.lease = lease
        self.identity = identity
        self.pool = pool
        self.logger = logger
    }

    /// Begins a unit of work for the request `identity`, on a connection leased from `pool`.
    ///
    /// - Parameters:
    ///   - pool: The pool to lease a connection from.
    ///   - identity: The request the unit of work belongs to.
    ///   - logger: Where it logs its commit or rollback.
    /// - Returns: The unit of work, holding its lease until `finish(committing:)`.
    /// - Throws: `ConnectionPool.PoolError.closed` once the pool is closed.
    public static func begin(pool: ConnectionPool, identity: RequestIdentity, logger: Logger) async throws -> UnitOfWork {
        UnitOfWork(lease: try await pool.lease(), identity: identity, pool: pool, logger: logger)
    }

    /// Records a change to commit with the unit of work.
    ///
    /// - Parameter change: What changed, in words.
    public func record(_ change: String) {
        changes.append(change)
    }

    /// Commits or rolls back, gives the connection back and logs which: the registration's
    /// `onShutdown` hook. Only the first call does anything.
    ///
    /// - Parameter committing: Whether to commit (the request succeeded) or roll back.
    public func finish(committing: Bool) async {
        guard !isFinished else { return }
        isFinished = true
        await pool.release(lease)
        let outcome = committing ? "committed" : "rolled back"
        logger.info(
            "unit of work \(lease.serial) \(outcome)",
            metadata: ["request-id": "\(identity.requestID)", "changes": "\(changes.count)"])
    }
}

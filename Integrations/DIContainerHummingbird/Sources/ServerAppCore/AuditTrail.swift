import Logging

/// The server's audit trail: entries gathered in memory and written through the connection
/// pool when the trail is flushed, at shutdown. A singleton built at start (`eager()`) that
/// depends on the pool, so its `onShutdown` hook (`flush()`) must run before the pool's: a flush
/// after the pool closed fails and makes the shutdown unclean.
///
/// ```swift
/// let trail = AuditTrail(pool: pool, logger: logger)
/// await trail.record("order placed by ada")
/// try await trail.flush()  // logs "audit trail flushed"
/// ```
public actor AuditTrail {
    private let pool: ConnectionPool
    private let logger: Logger
    private var pending: [String] = []

    /// Creates an empty audit trail that writes through `pool`.
    ///
    /// - Parameters:
    ///   - pool: The pool whose connection `flush()` writes with.
    ///   - logger: Where it logs its flushes.
    public init(pool: ConnectionPool, logger: Logger) {
        self.pool = pool
        self.logger = logger
    }

    /// Adds an entry to write at the next flush.
    ///
    /// - Parameter entry: What happened, in words.
    public func record(_ entry: String) {
        pending.append(entry)
    }

    /// Writes the pending entries on a leased connection and logs "audit trail flushed".
    ///
    /// - Throws: `ConnectionPool.PoolError.closed` when the pool closed first.
    public func flush() async throws {
        let lease = try await pool.lease()
        let written = pending.count
        pending.removeAll()
        await pool.release(lease)
        logger.info("audit trail flushed", metadata: ["entries": "\(written)"])
    }
}

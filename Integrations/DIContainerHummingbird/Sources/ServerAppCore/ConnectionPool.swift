import Logging

/// The server's database connections, kept in one pool for the life of the process: opened once
/// when the container starts, leased by each request's `UnitOfWork`, closed last at shutdown.
///
/// A stand-in for a real driver's pool (it opens no sockets), with what matters to the wiring:
/// opening is `async`, so the container builds it with an async factory, exactly once; closing
/// is an `onShutdown` hook, and a lease after `close()` fails, so a dependent whose hook ran
/// after the pool's would show up as an error.
///
/// ```swift
/// let pool = await ConnectionPool.open(size: 4, logger: logger)
/// let lease = try await pool.lease()
/// await pool.release(lease)
/// await pool.close()  // logs "pool closed"
/// ```
public actor ConnectionPool {
    /// One checkout of a connection: a serial unique in the pool's life, and the connection.
    public struct Lease: Sendable, Hashable {
        /// Counts the leases from 1: no two leases of one pool have the same serial.
        public let serial: Int
        /// The connection leased, from 1 to the pool's size.
        public let connection: Int
    }

    /// Why the pool refused a lease.
    public enum PoolError: Error, Equatable {
        /// The pool was closed; nothing may lease after it.
        case closed
    }

    /// How many connections the pool has.
    public nonisolated let size: Int
    private let logger: Logger
    private var nextSerial = 1
    private var leased: Set<Int> = []
    private var isClosed = false

    private init(size: Int, logger: Logger) {
        self.size = max(1, size)
        self.logger = logger
    }

    /// Opens a pool of `size` connections (at least one) and logs "pool opened".
    ///
    /// - Parameters:
    ///   - size: How many connections to keep; leases share them round-robin.
    ///   - logger: Where the pool logs its opening and closing.
    /// - Returns: The open pool.
    public static func open(size: Int, logger: Logger) async -> ConnectionPool {
        let pool = ConnectionPool(size: size, logger: logger)
        await pool.logOpened()
        return pool
    }

    private func logOpened() {
        logger.info("pool opened", metadata: ["size": "\(size)"])
    }

    /// Leases a connection until `release(_:)`.
    ///
    /// - Returns: The lease, with a serial no other lease of this pool has.
    /// - Throws: `PoolError.closed` once the pool is closed.
    public func lease() throws -> Lease {
        guard !isClosed else { throw PoolError.closed }
        let serial = nextSerial
        nextSerial += 1
        leased.insert(serial)
        return Lease(serial: serial, connection: (serial - 1) % size + 1)
    }

    /// Gives a leased connection back.
    ///
    /// - Parameter lease: A lease this pool made; releasing it twice does nothing.
    public func release(_ lease: Lease) {
        leased.remove(lease.serial)
    }

    /// How many leases have not been released.
    public var outstandingLeases: Int { leased.count }

    /// Closes the pool (its `onShutdown` hook) and logs "pool closed" with the leases still out.
    public func close() {
        isClosed = true
        logger.info("pool closed", metadata: ["outstanding-leases": "\(leased.count)"])
    }
}

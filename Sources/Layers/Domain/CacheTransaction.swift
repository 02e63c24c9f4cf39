/// Makes the cache writes of one refresh land together: all of them when it succeeds, none when
/// it fails, so the cached screen is always one whole generation.
///
/// A use case that reads several remote repositories runs its work inside
/// `withTransaction(_:)`; the repositories' implementation provides the type.
///
/// ```swift
/// let screen = try await transaction.withTransaction { try await build() }
/// ```
public protocol CacheTransaction: Sendable {
    /// Runs `body`; the cache writes made while it runs are applied together when it returns
    /// and dropped when it throws.
    ///
    /// - Parameter body: The refresh.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    func withTransaction<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws -> Result
}

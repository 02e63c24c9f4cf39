import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// Makes a refresh write the cache as one generation: the remote repositories' cache writes
/// made while it runs are kept back, then applied together (``CacheStore/apply(_:)``) when the
/// refresh succeeds, and dropped when it throws or is cancelled.
///
/// Without it, a refresh that failed part-way (one response did not map) left the others'
/// fresh data in the cache, and the offline screen showed a mixture of two generations.
///
/// ```swift
/// let refresh = CacheRefresh(cache: cache, scheduler: background)
/// let screen = try await refresh.withTransaction { try await fresh.loadMainScreen() }
/// ```
public struct CacheRefresh: CacheTransaction {
    private let store: any CacheStore
    private let scheduler: any Scheduler

    /// Creates the transaction over the cache the remote repositories write to.
    ///
    /// - Parameters:
    ///   - cache: The repositories' cache store (the same instance).
    ///   - scheduler: Where the final write runs (the background scheduler in the app).
    public init(cache: any CacheStore, scheduler: any Scheduler) {
        store = cache
        self.scheduler = scheduler
    }

    /// Runs `body`, then applies the cache writes it made, all together; when it throws
    /// (cancellation included) nothing is written. Nested inside another refresh of the same store, the
    /// writes join the outer one. Writing is best effort: a failing write never fails the
    /// refresh.
    ///
    /// - Parameter body: The refresh, for example a use case over the remote repositories.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    public func withTransaction<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        if let outer = CacheStaging.current, outer.isStaging(for: store) {
            return try await body()
        }
        let staging = CacheStaging(store: store)
        let result = try await CacheStaging.$current.withValue(staging) { try await body() }
        let changes = staging.staged
        let store = store
        if !changes.isEmpty {
            _ = try? await scheduler.run { try store.apply(changes) }
        }
        return result
    }
}

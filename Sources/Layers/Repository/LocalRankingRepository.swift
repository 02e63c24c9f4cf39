import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// The ranking sections from the cache, as `RemoteRankingRepository` saved them under `rankings`.
///
/// Reads run on `scheduler`. Nothing cached (or an unreadable entry) returns an empty list, not
/// an error.
///
/// ```swift
/// let repository = LocalRankingRepository(cache: cache, scheduler: background)
/// let cached = try await repository.rankings()   // [] on first launch
/// ```
public struct LocalRankingRepository: RankingRepository {
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - cache: The cache the remote repository writes to.
    ///   - scheduler: Where the blocking cache reads run (the background scheduler in the app).
    public init(cache: any CacheStore, scheduler: any Scheduler) {
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// The cached ranking sections, in the server's order; empty when nothing is cached.
    ///
    /// - Throws: Only if the scheduler's work fails; an empty cache is not an error.
    public func rankings() async throws -> [RankingContents] {
        let dtos = try await cache.load([RankingDTO].self, forKey: CacheKey.rankings) ?? []
        return dtos.map { $0.entity() }
    }
}

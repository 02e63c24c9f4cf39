import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// The ranking sections from the API, saved to the cache for `LocalRankingRepository`.
///
/// On success the whole list is saved under `rankings` (replacing the previous one); the write
/// runs on `scheduler` and is best effort, so a failing write never fails the network result. A
/// response that cannot be mapped fails the call and caches nothing.
///
/// ```swift
/// let repository = RemoteRankingRepository(apiClient: client, cache: cache, scheduler: background)
/// let rankings = try await repository.rankings()
/// ```
public struct RemoteRankingRepository: RankingRepository {
    private let apiClient: APIClient
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - apiClient: Sends the requests.
    ///   - cache: Where the fetched ranking sections are saved.
    ///   - scheduler: Where the blocking cache writes run (the background scheduler in the app).
    public init(apiClient: APIClient, cache: any CacheStore, scheduler: any Scheduler) {
        self.apiClient = apiClient
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// `GET /rankings`; see `RankingRepository.rankings()`.
    ///
    /// - Throws: The API client's error.
    public func rankings() async throws -> [RankingContents] {
        let dtos = try await apiClient.send(RankingsRequest()).items
        let rankings = dtos.map { $0.entity() }
        await cache.write { writes in
            writes.save(dtos, forKey: CacheKey.rankings)
        }
        return rankings
    }
}

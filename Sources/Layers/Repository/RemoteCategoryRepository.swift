import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// The categories from the API, saved to the cache for `LocalCategoryRepository`.
///
/// On success the whole list is saved under `categories` (replacing the previous one); the write
/// runs on `scheduler` and is best effort, so a failing write never fails the network result. A
/// response that cannot be mapped fails the call and caches nothing.
///
/// ```swift
/// let repository = RemoteCategoryRepository(apiClient: client, cache: cache, scheduler: background)
/// let categories = try await repository.categories()
/// ```
public struct RemoteCategoryRepository: CategoryRepository {
    private let apiClient: APIClient
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - apiClient: Sends the requests.
    ///   - cache: Where the fetched categories are saved.
    ///   - scheduler: Where the blocking cache writes run (the background scheduler in the app).
    public init(apiClient: APIClient, cache: any CacheStore, scheduler: any Scheduler) {
        self.apiClient = apiClient
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// `GET /categories`; see `CategoryRepository.categories()`.
    ///
    /// - Throws: The API client's error.
    public func categories() async throws -> [Category] {
        let dtos = try await apiClient.send(CategoriesRequest()).items
        let categories = dtos.map { $0.entity() }
        await cache.write { writes in
            writes.save(dtos, forKey: CacheKey.categories)
        }
        return categories
    }
}

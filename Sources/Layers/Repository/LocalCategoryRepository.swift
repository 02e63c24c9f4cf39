import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// The categories from the cache, as `RemoteCategoryRepository` saved them under `categories`.
///
/// Reads run on `scheduler`. Nothing cached (or an unreadable entry) returns an empty list, not
/// an error.
///
/// ```swift
/// let repository = LocalCategoryRepository(cache: cache, scheduler: background)
/// let cached = try await repository.categories()   // [] on first launch
/// ```
public struct LocalCategoryRepository: CategoryRepository {
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - cache: The cache the remote repository writes to.
    ///   - scheduler: Where the blocking cache reads run (the background scheduler in the app).
    public init(cache: any CacheStore, scheduler: any Scheduler) {
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// The cached categories, in the server's order; empty when nothing is cached.
    ///
    /// - Throws: Only if the scheduler's work fails; an empty cache is not an error.
    public func categories() async throws -> [Category] {
        let dtos = try await cache.load([CategoryDTO].self, forKey: CacheKey.categories) ?? []
        return dtos.map { $0.entity() }
    }
}

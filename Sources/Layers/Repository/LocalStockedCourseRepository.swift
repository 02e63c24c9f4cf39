import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// The favourites from the cache, as `RemoteStockedCourseRepository` saved them under `stocked-courses`.
///
/// Reads run on `scheduler`. Nothing cached (or an unreadable entry) returns an empty list, not
/// an error.
///
/// ```swift
/// let repository = LocalStockedCourseRepository(cache: cache, scheduler: background)
/// let cached = try await repository.stockedCourses()   // [] on first launch
/// ```
public struct LocalStockedCourseRepository: StockedCourseRepository {
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - cache: The cache the remote repository writes to.
    ///   - scheduler: Where the blocking cache reads run (the background scheduler in the app).
    public init(cache: any CacheStore, scheduler: any Scheduler) {
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// The cached favourites, in the server's order; empty when nothing is cached.
    ///
    /// - Throws: `MappingError` when a cached record is invalid.
    public func stockedCourses() async throws -> [StockedCourse] {
        let dtos = try await cache.load([StockedCourseDTO].self, forKey: CacheKey.stockedCourses) ?? []
        return try dtos.map { try $0.entity() }
    }
}

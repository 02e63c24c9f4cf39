import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// The favourites from the API, saved to the cache for `LocalStockedCourseRepository`.
///
/// On success the whole list is saved under `stocked-courses` (replacing the previous one); the write
/// runs on `scheduler` and is best effort, so a failing write never fails the network result. A
/// response that cannot be mapped fails the call and caches nothing.
///
/// ```swift
/// let repository = RemoteStockedCourseRepository(apiClient: client, cache: cache, scheduler: background)
/// let stockedCourses = try await repository.stockedCourses()
/// ```
public struct RemoteStockedCourseRepository: StockedCourseRepository {
    private let apiClient: APIClient
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - apiClient: Sends the requests.
    ///   - cache: Where the fetched favourites are saved.
    ///   - scheduler: Where the blocking cache writes run (the background scheduler in the app).
    public init(apiClient: APIClient, cache: any CacheStore, scheduler: any Scheduler) {
        self.apiClient = apiClient
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// `GET /stocked_courses`; see `StockedCourseRepository.stockedCourses()`.
    ///
    /// - Throws: The API client's error, or `MappingError` for an invalid record.
    public func stockedCourses() async throws -> [StockedCourse] {
        let dtos = try await apiClient.send(StockedCoursesRequest()).items
        let stockedCourses = try dtos.map { try $0.entity() }
        await cache.write { writes in
            writes.save(dtos, forKey: CacheKey.stockedCourses)
        }
        return stockedCourses
    }
}

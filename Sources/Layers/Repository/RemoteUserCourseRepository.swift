import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// The user's progress from the API, saved to the cache for `LocalUserCourseRepository`.
///
/// On success each returned record is saved under `user-course.<course id>`, and the entries of
/// requested courses the server has no progress for are removed (the user's progress was reset
/// or never existed), so the cache mirrors the server for every id asked. Cache writes run on
/// `scheduler` and are best effort. The result holds the records for `ids` only, in their order.
///
/// ```swift
/// let repository = RemoteUserCourseRepository(apiClient: client, cache: cache, scheduler: background)
/// let progress = try await repository.userCourses(ids: [101, 104])
/// ```
public struct RemoteUserCourseRepository: UserCourseRepository {
    private let apiClient: APIClient
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - apiClient: Sends the requests.
    ///   - cache: Where fetched progress is saved.
    ///   - scheduler: Where the blocking cache writes run.
    public init(apiClient: APIClient, cache: any CacheStore, scheduler: any Scheduler) {
        self.apiClient = apiClient
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// `GET /user_courses?ids=<ids>`; see `UserCourseRepository.userCourses(ids:)`.
    ///
    /// - Parameter ids: The course identifiers; an empty list returns none without a request.
    /// - Throws: The API client's error, or `MappingError` for a progress outside 0…1.
    public func userCourses(ids: [Int]) async throws -> [UserCourse] {
        guard !ids.isEmpty else { return [] }
        let received = try await apiClient.send(UserCoursesRequest(query: IDsQuery(ids: ids))).items
        let byID = Dictionary(received.map { ($0.courseId, $0) }, uniquingKeysWith: { first, _ in first })
        let userCourses = try ids.compactMap { byID[$0] }.map { try $0.entity() }
        let requested = Set(ids)
        await cache.write { writes in
            for id in requested {
                if let dto = byID[id] {
                    writes.save(dto, forKey: CacheKey.userCourse(courseID: id))
                } else {
                    writes.remove(forKey: CacheKey.userCourse(courseID: id))
                }
            }
        }
        return userCourses
    }
}

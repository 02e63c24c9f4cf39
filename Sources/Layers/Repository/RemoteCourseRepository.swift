import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// Courses from the API, saved to the cache for `LocalCourseRepository`.
///
/// Each call sends one request, maps the response to entities and — on success only — saves the
/// courses under `course.<id>` and, for the recent and recommended lists, their ordered ids under
/// `courses.recent` / `courses.recommended`. Cache writes run on `scheduler` and are best effort:
/// a failing write never fails the network result. A response that cannot be mapped fails the
/// call with `MappingError` and caches nothing.
///
/// The server may send more than asked (fixtures ignore the query); the repository still returns
/// at most `limit` courses, and for `courses(ids:)` exactly the known ones in the order of `ids`.
///
/// ```swift
/// let repository = RemoteCourseRepository(apiClient: client, cache: cache,
///                                         scheduler: SerialQueueScheduler(label: "background"))
/// let recent = try await repository.recentCourses(limit: 5)
/// ```
public struct RemoteCourseRepository: CourseRepository {
    private let apiClient: APIClient
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - apiClient: Sends the requests.
    ///   - cache: Where fetched courses are saved.
    ///   - scheduler: Where the blocking cache writes run (the background scheduler in the app).
    public init(apiClient: APIClient, cache: any CacheStore, scheduler: any Scheduler) {
        self.apiClient = apiClient
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// `GET /courses/recent?limit=<limit>`; see `CourseRepository.recentCourses(limit:)`.
    ///
    /// - Parameter limit: The largest number of courses to return; `0` or less returns none
    ///   without a request.
    /// - Throws: The API client's error, or `MappingError` for an invalid course.
    public func recentCourses(limit: Int) async throws -> [Course] {
        try await list(RecentCoursesRequest(query: LimitQuery(limit: limit)), limit: limit, idsKey: CacheKey.recentCourseIDs)
    }

    /// `GET /courses/recommended?limit=<limit>`; see `CourseRepository.recommendedCourses(limit:)`.
    ///
    /// - Parameter limit: The largest number of courses to return; `0` or less returns none
    ///   without a request.
    /// - Throws: The API client's error, or `MappingError` for an invalid course.
    public func recommendedCourses(limit: Int) async throws -> [Course] {
        try await list(RecommendedCoursesRequest(query: LimitQuery(limit: limit)), limit: limit, idsKey: CacheKey.recommendedCourseIDs)
    }

    /// `GET /courses?ids=<ids>`; see `CourseRepository.courses(ids:)`.
    ///
    /// - Parameter ids: The course identifiers; an empty list returns none without a request.
    /// - Throws: The API client's error, or `MappingError` for an invalid course.
    public func courses(ids: [Int]) async throws -> [Course] {
        guard !ids.isEmpty else { return [] }
        let received = try await apiClient.send(CoursesByIDsRequest(query: IDsQuery(ids: ids))).items
        let byID = Dictionary(received.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let dtos = ids.compactMap { byID[$0] }
        let courses = try dtos.map { try $0.entity() }
        let requested = Set(ids)
        let fetched = byID.values.filter { requested.contains($0.id) }
        await cache.write { writes in
            for dto in fetched { writes.save(dto, forKey: CacheKey.course(dto.id)) }
        }
        return courses
    }

    private func list<R: Request>(_ request: R, limit: Int, idsKey: String) async throws -> [Course]
    where R.Response == ListEnvelope<CourseDTO> {
        guard limit > 0 else { return [] }
        let dtos = Array(try await apiClient.send(request).items.prefix(limit))
        let courses = try dtos.map { try $0.entity() }
        await cache.write { writes in
            for dto in dtos { writes.save(dto, forKey: CacheKey.course(dto.id)) }
            writes.save(dtos.map(\.id), forKey: idsKey)
        }
        return courses
    }
}

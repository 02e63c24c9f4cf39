import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// Courses from the cache, as `RemoteCourseRepository` saved them.
///
/// Reads run on `scheduler`. Nothing cached is not an error: every query then returns an empty
/// list. The recent and recommended lists are the ids saved under `courses.recent` /
/// `courses.recommended` (at most `limit` of them), resolved through the `course.<id>` entries;
/// `courses(ids:)` returns the cached courses among `ids`, in the order of `ids`. An unreadable
/// (corrupt) entry counts as absent.
///
/// ```swift
/// let repository = LocalCourseRepository(cache: cache, scheduler: background)
/// let cachedRecent = try await repository.recentCourses(limit: 5)   // [] on first launch
/// ```
public struct LocalCourseRepository: CourseRepository {
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - cache: The cache the remote repository writes to.
    ///   - scheduler: Where the blocking cache reads run (the background scheduler in the app).
    public init(cache: any CacheStore, scheduler: any Scheduler) {
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// The cached recent courses, newest first, at most `limit`.
    ///
    /// - Parameter limit: The largest number of courses to return.
    /// - Throws: `MappingError` when a cached course is invalid.
    public func recentCourses(limit: Int) async throws -> [Course] {
        try await list(idsKey: CacheKey.recentCourseIDs, limit: limit)
    }

    /// The cached recommended courses, best first, at most `limit`.
    ///
    /// - Parameter limit: The largest number of courses to return.
    /// - Throws: `MappingError` when a cached course is invalid.
    public func recommendedCourses(limit: Int) async throws -> [Course] {
        try await list(idsKey: CacheKey.recommendedCourseIDs, limit: limit)
    }

    /// The cached courses among `ids`, in the order of `ids`.
    ///
    /// - Parameter ids: The course identifiers.
    /// - Throws: `MappingError` when a cached course is invalid.
    public func courses(ids: [Int]) async throws -> [Course] {
        try await cache.loadEach(CourseDTO.self, forKeys: ids.map(CacheKey.course)).map { try $0.entity() }
    }

    private func list(idsKey: String, limit: Int) async throws -> [Course] {
        guard limit > 0 else { return [] }
        let ids = try await cache.load([Int].self, forKey: idsKey) ?? []
        return try await courses(ids: Array(ids.prefix(limit)))
    }
}

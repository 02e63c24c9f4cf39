import DIDemoDomain
import DIDemoInfrastructure
import DIDemoScheduling

/// The user's progress from the cache, as `RemoteUserCourseRepository` saved it.
///
/// Reads the `user-course.<course id>` entries on `scheduler`; courses without a cached record
/// are skipped, so an empty cache returns an empty list.
///
/// ```swift
/// let repository = LocalUserCourseRepository(cache: cache, scheduler: background)
/// let progress = try await repository.userCourses(ids: [101, 104])
/// ```
public struct LocalUserCourseRepository: UserCourseRepository {
    private let cache: ScheduledCache

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - cache: The cache the remote repository writes to.
    ///   - scheduler: Where the blocking cache reads run.
    public init(cache: any CacheStore, scheduler: any Scheduler) {
        self.cache = ScheduledCache(store: cache, scheduler: scheduler)
    }

    /// The cached progress records among `ids`, in the order of `ids`.
    ///
    /// - Parameter ids: The course identifiers.
    /// - Throws: `MappingError` when a cached record is invalid.
    public func userCourses(ids: [Int]) async throws -> [UserCourse] {
        let keys = ids.map { CacheKey.userCourse(courseID: $0) }
        return try await cache.loadEach(UserCourseDTO.self, forKeys: keys).map { try $0.entity() }
    }
}

import DIDemoDomain

/// Reads one course by id, joined with the user's progress and favourite state.
///
/// The course, the progress and the favourites are fetched concurrently; given a
/// `CacheTransaction`, their cache writes land together or not at all.
///
/// ```swift
/// let loader = CourseDetailLoader(courseRepository: courses,
///                                 userCourseRepository: progress,
///                                 stockedCourseRepository: favourites)
/// let item = try await loader.loadCourse(id: 101)
/// ```
public struct CourseDetailLoader: CourseDetailLoading {
    private let courseRepository: any CourseRepository
    private let userCourseRepository: any UserCourseRepository
    private let stockedCourseRepository: any StockedCourseRepository
    private let cacheTransaction: (any CacheTransaction)?

    /// Creates the loader over the given repositories.
    ///
    /// - Parameters:
    ///   - courseRepository: Looks the course up by id.
    ///   - userCourseRepository: The user's progress.
    ///   - stockedCourseRepository: The user's favourites.
    ///   - cacheTransaction: Groups the repositories' cache writes; `nil` by default.
    public init(
        courseRepository: any CourseRepository,
        userCourseRepository: any UserCourseRepository,
        stockedCourseRepository: any StockedCourseRepository,
        cacheTransaction: (any CacheTransaction)? = nil
    ) {
        self.courseRepository = courseRepository
        self.userCourseRepository = userCourseRepository
        self.stockedCourseRepository = stockedCourseRepository
        self.cacheTransaction = cacheTransaction
    }

    /// Reads the course with id `id`.
    ///
    /// - Parameter id: The id of the course, known only at run time (from a tap, a link, …).
    /// - Returns: The course with its progress (`nil` when not started) and favourite state.
    /// - Throws: `CourseNotFound` when no course has that id; otherwise the first repository
    ///   error, or `CancellationError` when the calling task is cancelled.
    public func loadCourse(id courseID: Int) async throws -> CourseItem {
        guard let cacheTransaction else { return try await item(courseID) }
        return try await cacheTransaction.withTransaction { try await item(courseID) }
    }

    private func item(_ courseID: Int) async throws -> CourseItem {
        async let courses = courseRepository.courses(ids: [courseID])
        async let progress = userCourseRepository.userCourses(ids: [courseID])
        async let favorites = stockedCourseRepository.stockedCourses()

        guard let course = try await courses.first(where: { $0.id == courseID }) else {
            throw CourseNotFound(courseID: courseID)
        }
        return try await CourseItem(
            course: course,
            progress: progress.last(where: { $0.courseID == courseID })?.progress,
            isFavorite: favorites.contains { $0.courseID == courseID }
        )
    }
}

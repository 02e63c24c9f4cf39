/// Where the user's progress in courses comes from: the network or the local cache (`.local`).
///
/// ```swift
/// let progress = try await userCourseRepository.userCourses(ids: [101, 102])
/// ```
public protocol UserCourseRepository: Sendable {
    /// The user's progress records for the courses with the given ids, in the order of `ids`.
    ///
    /// Courses the user has not started have no record and are skipped.
    ///
    /// - Parameter ids: The course identifiers to look up.
    /// - Throws: Whatever the source fails with; a missing record is not an error.
    func userCourses(ids: [Int]) async throws -> [UserCourse]
}

/// Where courses come from: the network (the unnamed registration) or the local cache (`.local`).
///
/// Both implementations answer the same questions, so a use case written against this protocol
/// runs unchanged over either.
///
/// ```swift
/// let recent = try await courseRepository.recentCourses(limit: 5)
/// ```
public protocol CourseRepository: Sendable {
    /// The most recently published courses, newest first, at most `limit` of them.
    ///
    /// - Parameter limit: The largest number of courses to return; `0` or less returns none.
    /// - Throws: Whatever the source fails with (a network or decoding error for the remote
    ///   repository); a local repository with nothing cached returns an empty list instead.
    func recentCourses(limit: Int) async throws -> [Course]

    /// Courses recommended to the user, best first, at most `limit` of them.
    ///
    /// - Parameter limit: The largest number of courses to return; `0` or less returns none.
    /// - Throws: Whatever the source fails with; an empty cache is not an error.
    func recommendedCourses(limit: Int) async throws -> [Course]

    /// The courses with the given ids, in the order of `ids`; unknown ids are skipped.
    ///
    /// - Parameter ids: The course identifiers to look up.
    /// - Throws: Whatever the source fails with; an id that is not known is not an error.
    func courses(ids: [Int]) async throws -> [Course]
}

/// Where courses come from: the network (the unnamed registration) or the local cache (`.local`).
public protocol CourseRepository: Sendable {
    /// The most recently published courses, newest first, at most `limit` of them.
    func recentCourses(limit: Int) async throws -> [Course]
    /// Courses recommended to the user, best first, at most `limit` of them.
    func recommendedCourses(limit: Int) async throws -> [Course]
    /// The courses with the given ids, in the order of `ids`; unknown ids are skipped.
    func courses(ids: [Int]) async throws -> [Course]
}

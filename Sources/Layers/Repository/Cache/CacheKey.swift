/// The cache keys the repositories read and write; the one place they are spelled.
///
/// The layout (stable: changing a key orphans what users have cached):
///
/// | Key                   | Value                                   | Written by                          |
/// |-----------------------|-----------------------------------------|-------------------------------------|
/// | `course.<id>`         | one course                              | every remote call returning courses |
/// | `courses.recent`      | ordered ids of the last recent list     | `RemoteCourseRepository`            |
/// | `courses.recommended` | ordered ids of the last recommended list| `RemoteCourseRepository`            |
/// | `categories`          | every category, in order                | `RemoteCategoryRepository`          |
/// | `user-course.<id>`    | the progress in course `<id>`           | `RemoteUserCourseRepository`        |
/// | `stocked-courses`     | every favourite, in order               | `RemoteStockedCourseRepository`     |
/// | `rankings`            | every ranking section, in order         | `RemoteRankingRepository`           |
///
/// Courses and progress are stored one entry per id, and lists store only ids, so remote calls
/// never read-modify-write a shared entry: concurrent calls (the main screen makes several) cannot
/// lose each other's writes, and a course fetched by any call serves every local query.
enum CacheKey {
    static func course(_ id: Int) -> String { "course.\(id)" }
    static let recentCourseIDs = "courses.recent"
    static let recommendedCourseIDs = "courses.recommended"
    static let categories = "categories"
    static func userCourse(courseID: Int) -> String { "user-course.\(courseID)" }
    static let stockedCourses = "stocked-courses"
    static let rankings = "rankings"
}

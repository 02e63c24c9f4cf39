import DIDemoDomain

/// A course repository answering every query from a fixed list.
struct MockCourseRepository: CourseRepository {
    let courses: [Course]

    init(titles: [String], firstID: Int = 9_000) {
        courses = titles.enumerated().map { index, title in
            Course(id: firstID + index, title: title, instructorName: "Mock", categoryID: 1, durationMinutes: 10)
        }
    }

    func recentCourses(limit: Int) async throws -> [Course] { Array(courses.prefix(limit)) }
    func recommendedCourses(limit: Int) async throws -> [Course] { Array(courses.prefix(limit)) }
    func courses(ids: [Int]) async throws -> [Course] { courses.filter { ids.contains($0.id) } }
}

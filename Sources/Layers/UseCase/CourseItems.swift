import DIDemoDomain

/// Joins courses with the user's progress and favourites; shared by the use cases.
struct CourseItems: Sendable {
    let userCourseRepository: any UserCourseRepository
    let favoriteIDs: Set<Int>

    /// The items for `courses`, in their order, with one progress lookup for all of them.
    func items(for courses: [Course]) async throws -> [CourseItem] {
        guard !courses.isEmpty else { return [] }
        let progress = try await userCourseRepository.userCourses(ids: courses.map(\.id))
        // The last record wins if the source repeats a course id.
        let progressByID = Dictionary(progress.map { ($0.courseID, $0.progress) }, uniquingKeysWith: { _, last in last })
        return courses.map { course in
            CourseItem(course: course, progress: progressByID[course.id], isFavorite: favoriteIDs.contains(course.id))
        }
    }
}

/// Something that loads one course's detail: what `CourseDetailPresenter` needs.
///
/// `CourseDetailLoader` is the app's implementation; a test passes any conforming value.
///
/// ```swift
/// struct OneCourse: CourseDetailLoading {
///     let item: CourseItem
///     func loadCourse(id: Int) async throws -> CourseItem {
///         guard id == item.id else { throw CourseNotFound(courseID: id) }
///         return item
///     }
/// }
/// ```
public protocol CourseDetailLoading: Sendable {
    /// Loads the course with id `id`, joined with the user's progress and favourite state.
    ///
    /// - Parameter id: The id of the course, known only at run time.
    /// - Returns: The course item.
    /// - Throws: `CourseNotFound` when no course has that id; otherwise why it could not be
    ///   loaded, or `CancellationError`.
    func loadCourse(id: Int) async throws -> CourseItem
}

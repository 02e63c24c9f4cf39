import DIDemoDomain

/// A course as a screen shows it: the course, the user's progress in it and whether it is one of
/// the user's favourites.
///
/// ```swift
/// let item = CourseItem(course: course, progress: 0.4, isFavorite: true)
/// ```
public struct CourseItem: Hashable, Sendable, Identifiable {
    /// The course.
    public let course: Course
    /// The completed fraction `0...1`, or `nil` when the user has not started the course.
    public let progress: Double?
    /// Whether the course is among the user's favourites.
    public let isFavorite: Bool

    /// The identifier of the course.
    public var id: Int { course.id }

    /// Creates a course item.
    ///
    /// - Parameters:
    ///   - course: The course.
    ///   - progress: The completed fraction, or `nil` when not started.
    ///   - isFavorite: Whether the course is a favourite.
    public init(course: Course, progress: Double?, isFavorite: Bool) {
        self.course = course
        self.progress = progress
        self.isFavorite = isFavorite
    }
}

/// A course of the online-courses catalogue.
///
/// A plain value: it knows nothing about JSON or caches. The repository layer maps its own
/// response types to it.
///
/// ```swift
/// let course = Course(id: 101, title: "Swift Concurrency", instructorName: "Ana Ruiz",
///                     categoryID: 1, durationMinutes: 240)
/// ```
public struct Course: Hashable, Sendable, Identifiable {
    /// The server's identifier of the course.
    public let id: Int
    /// The course title shown in lists.
    public let title: String
    /// The name of the person teaching the course.
    public let instructorName: String
    /// The identifier of the `Category` the course belongs to.
    public let categoryID: Int
    /// The total length of the course's videos, in minutes.
    public let durationMinutes: Int

    /// Creates a course.
    ///
    /// - Parameters:
    ///   - id: The server's identifier of the course.
    ///   - title: The course title.
    ///   - instructorName: The name of the instructor.
    ///   - categoryID: The identifier of the course's category.
    ///   - durationMinutes: The total length, in minutes.
    public init(id: Int, title: String, instructorName: String, categoryID: Int, durationMinutes: Int) {
        self.id = id
        self.title = title
        self.instructorName = instructorName
        self.categoryID = categoryID
        self.durationMinutes = durationMinutes
    }
}

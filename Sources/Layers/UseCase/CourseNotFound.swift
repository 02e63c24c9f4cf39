/// The error `CourseDetailLoader` throws when no course has the requested id.
///
/// ```swift
/// do { _ = try await loader.loadCourse(id: 999) }
/// catch let error as CourseNotFound { print(error) }   // No course has id 999 …
/// ```
public struct CourseNotFound: Error, Hashable, Sendable, CustomStringConvertible {
    /// The id that was asked for.
    public let courseID: Int

    /// Creates the error for `courseID`.
    ///
    /// - Parameter courseID: The id that was asked for.
    public init(courseID: Int) {
        self.courseID = courseID
    }

    /// Says which id was not found and what that usually means.
    public var description: String {
        "No course has id \(courseID): it is not in the catalogue (it may have been removed, or the id is wrong)."
    }
}

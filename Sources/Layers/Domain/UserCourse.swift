/// The signed-in user's progress in one course.
///
/// ```swift
/// let progress = UserCourse(courseID: 101, progress: 0.4)   // 40 % watched
/// ```
public struct UserCourse: Hashable, Sendable {
    /// The identifier of the course the progress belongs to.
    public let courseID: Int
    /// How much of the course the user has completed, from `0` (just enrolled) to `1` (finished).
    public let progress: Double

    /// Creates a progress record.
    ///
    /// Values outside `0...1` are clamped into it (NaN becomes `0`), so `progress` is always a
    /// valid fraction. Code that receives progress from outside (the repository layer) rejects
    /// such values with an error before they get here.
    ///
    /// - Parameters:
    ///   - courseID: The identifier of the course.
    ///   - progress: The completed fraction, `0...1`.
    public init(courseID: Int, progress: Double) {
        self.courseID = courseID
        self.progress = progress.isNaN ? 0 : min(max(progress, 0), 1)
    }
}

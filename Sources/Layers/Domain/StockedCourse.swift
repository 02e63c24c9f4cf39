import Foundation

/// A course the user has added to their favourites ("stocked").
///
/// ```swift
/// let favourite = StockedCourse(courseID: 104, stockedAt: Date(timeIntervalSince1970: 1_793_000_000))
/// ```
public struct StockedCourse: Hashable, Sendable {
    /// The identifier of the favourite course.
    public let courseID: Int
    /// When the user added the course to their favourites.
    public let stockedAt: Date

    /// Creates a favourite.
    ///
    /// - Parameters:
    ///   - courseID: The identifier of the course.
    ///   - stockedAt: When it was added to the favourites.
    public init(courseID: Int, stockedAt: Date) {
        self.courseID = courseID
        self.stockedAt = stockedAt
    }
}

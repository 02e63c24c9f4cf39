/// One ranking section of the main screen ("Most popular", "Top rated", …): a label and the
/// ranked course ids, best first.
///
/// Only ids: the courses themselves are resolved through a `CourseRepository`.
///
/// ```swift
/// let popular = RankingContents(id: 1, label: "Most popular", courseIDs: [104, 101, 107])
/// ```
public struct RankingContents: Hashable, Sendable, Identifiable {
    /// The server's identifier of the ranking.
    public let id: Int
    /// The section title.
    public let label: String
    /// The ranked course identifiers, best first.
    public let courseIDs: [Int]

    /// Creates a ranking section.
    ///
    /// - Parameters:
    ///   - id: The server's identifier of the ranking.
    ///   - label: The section title.
    ///   - courseIDs: The ranked course identifiers, best first.
    public init(id: Int, label: String, courseIDs: [Int]) {
        self.id = id
        self.label = label
        self.courseIDs = courseIDs
    }
}

/// One ranking of the main screen with its courses resolved, in the ranking's order.
///
/// Ranked ids that no longer name a course are left out; the order of the others is kept.
///
/// ```swift
/// for section in screen.rankingSections { print(section.label, section.items.map(\.course.title)) }
/// ```
public struct RankingSection: Hashable, Sendable, Identifiable {
    /// The server's identifier of the ranking.
    public let id: Int
    /// The section title.
    public let label: String
    /// The ranked courses, best first.
    public let items: [CourseItem]

    /// Creates a ranking section.
    ///
    /// - Parameters:
    ///   - id: The server's identifier of the ranking.
    ///   - label: The section title.
    ///   - items: The ranked courses, best first.
    public init(id: Int, label: String, items: [CourseItem]) {
        self.id = id
        self.label = label
        self.items = items
    }
}

import DIDemoDomain

/// Everything the main screen shows, assembled by `MainScreenLoader`.
///
/// ```swift
/// let screen = try await loader.loadMainScreen()
/// print(screen.recentCourses.map(\.course.title))
/// ```
public struct MainScreen: Hashable, Sendable {
    /// The course categories, in the server's order.
    public let categories: [Category]
    /// The most recent courses, newest first.
    public let recentCourses: [CourseItem]
    /// The courses recommended to the user, best first.
    public let recommendedCourses: [CourseItem]
    /// The ranking sections, in the server's order, each keeping its own course order.
    public let rankingSections: [RankingSection]

    /// Creates a main screen.
    ///
    /// - Parameters:
    ///   - categories: The course categories.
    ///   - recentCourses: The most recent courses.
    ///   - recommendedCourses: The recommended courses.
    ///   - rankingSections: The ranking sections.
    public init(
        categories: [Category],
        recentCourses: [CourseItem],
        recommendedCourses: [CourseItem],
        rankingSections: [RankingSection]
    ) {
        self.categories = categories
        self.recentCourses = recentCourses
        self.recommendedCourses = recommendedCourses
        self.rankingSections = rankingSections
    }

    /// Whether there is nothing to show at all (for example, read from an empty cache).
    ///
    /// A screen with ranking sections counts as not empty even if their courses are missing,
    /// because the section titles are still shown.
    public var isEmpty: Bool {
        categories.isEmpty && recentCourses.isEmpty && recommendedCourses.isEmpty && rankingSections.isEmpty
    }
}

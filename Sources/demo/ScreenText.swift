import DIDemoDomain
import DIDemoUseCase

/// The console rendering of screens: a one-line summary and a compact body (titles, progress,
/// ★ for favourites).
enum ScreenText {
    /// `4 categories, 5 recent, 5 recommended, 3 rankings`.
    static func summary(of screen: MainScreen) -> String {
        [
            count(screen.categories.count, "category", "categories"),
            "\(screen.recentCourses.count) recent",
            "\(screen.recommendedCourses.count) recommended",
            count(screen.rankingSections.count, "ranking", "rankings"),
        ].joined(separator: ", ")
    }

    /// The screen's lines, indented by two spaces.
    static func body(of screen: MainScreen) -> [String] {
        var lines = ["  categories: " + screen.categories.map(\.name).joined(separator: " · ")]
        lines += section("recent", screen.recentCourses)
        lines += section("recommended", screen.recommendedCourses)
        for ranking in screen.rankingSections {
            lines += section("ranking \"\(ranking.label)\"", ranking.items)
        }
        return lines
    }

    /// `Swift Concurrency in Practice · Ana Ruiz · 260 min · 40% ★`.
    static func detail(of item: CourseItem) -> String {
        let course = item.course
        return [course.title, course.instructorName, "\(course.durationMinutes) min"].joined(separator: " · ")
            + badges(of: item)
    }

    private static func section(_ title: String, _ items: [CourseItem]) -> [String] {
        guard !items.isEmpty else { return ["  \(title): none"] }
        return ["  \(title):"] + items.map { "    - \($0.course.title)" + badges(of: $0) }
    }

    /// ` · 40% ★`: the progress when known, a star for a favourite.
    private static func badges(of item: CourseItem) -> String {
        var text = ""
        if let progress = item.progress { text += " · \(Int((progress * 100).rounded()))%" }
        if item.isFavorite { text += " ★" }
        return text
    }

    private static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }
}

import DIDemoDomain
import Foundation

/// A small, consistent catalogue for use-case and presenter tests.
enum SampleCatalog {
    static let categories = [Category(id: 1, name: "Programming"), Category(id: 2, name: "Design")]

    static let courses = [
        Course(id: 1, title: "Swift Concurrency", instructorName: "Ana", categoryID: 1, durationMinutes: 240),
        Course(id: 2, title: "SwiftUI Layout", instructorName: "Kenji", categoryID: 1, durationMinutes: 180),
        Course(id: 3, title: "Typography", instructorName: "Marta", categoryID: 2, durationMinutes: 120),
        Course(id: 4, title: "Design Systems", instructorName: "Lea", categoryID: 2, durationMinutes: 200),
        Course(id: 5, title: "Testing Swift", instructorName: "Ana", categoryID: 1, durationMinutes: 150),
    ]

    static let recentIDs = [5, 3, 1]
    static let recommendedIDs = [2, 4]
    static let userCourses = [UserCourse(courseID: 1, progress: 0.5), UserCourse(courseID: 4, progress: 1)]
    static let favorites = [
        StockedCourse(courseID: 4, stockedAt: Date(timeIntervalSince1970: 1_790_000_000)),
        StockedCourse(courseID: 5, stockedAt: Date(timeIntervalSince1970: 1_780_000_000)),
    ]
    static let rankings = [
        RankingContents(id: 10, label: "Most popular", courseIDs: [4, 1, 2]),
        RankingContents(id: 20, label: "Top rated", courseIDs: [3, 99, 5]),  // 99 does not exist
        RankingContents(id: 30, label: "Trending", courseIDs: [2, 3]),
    ]

    static func course(_ id: Int) -> Course? {
        courses.first { $0.id == id }
    }
}

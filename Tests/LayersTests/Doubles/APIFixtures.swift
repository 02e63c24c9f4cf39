import DIDemoInfrastructure
import Foundation

/// Small API responses (snake_case, `{"items": [...]}`) for repository tests, by route.
enum APIFixtures {
    static let courses = """
        {"items": [
          {"id": 1, "title": "Swift Concurrency", "instructor_name": "Ana Ruiz", "category_id": 1, "duration_minutes": 240},
          {"id": 2, "title": "SwiftUI Layout", "instructor_name": "Kenji Sato", "category_id": 1, "duration_minutes": 180},
          {"id": 3, "title": "Typography", "instructor_name": "Marta Nowak", "category_id": 2, "duration_minutes": 120},
          {"id": 4, "title": "Design Systems", "instructor_name": "Lea Fischer", "category_id": 2, "duration_minutes": 200}
        ]}
        """
    static let recent = """
        {"items": [
          {"id": 4, "title": "Design Systems", "instructor_name": "Lea Fischer", "category_id": 2, "duration_minutes": 200},
          {"id": 2, "title": "SwiftUI Layout", "instructor_name": "Kenji Sato", "category_id": 1, "duration_minutes": 180},
          {"id": 1, "title": "Swift Concurrency", "instructor_name": "Ana Ruiz", "category_id": 1, "duration_minutes": 240}
        ]}
        """
    static let recommended = """
        {"items": [
          {"id": 3, "title": "Typography", "instructor_name": "Marta Nowak", "category_id": 2, "duration_minutes": 120},
          {"id": 1, "title": "Swift Concurrency", "instructor_name": "Ana Ruiz", "category_id": 1, "duration_minutes": 240}
        ]}
        """
    static let categories = #"{"items": [{"id": 1, "name": "Programming"}, {"id": 2, "name": "Design"}]}"#
    static let userCourses = #"{"items": [{"course_id": 1, "progress": 0.25}, {"course_id": 4, "progress": 1.0}]}"#
    static let stockedCourses = """
        {"items": [{"course_id": 4, "stocked_at": "2026-11-18T20:15:00Z"}, {"course_id": 2, "stocked_at": "2026-11-02T08:40:00Z"}]}
        """
    static let rankings = """
        {"items": [
          {"id": 10, "label": "Most popular", "course_ids": [2, 4, 1]},
          {"id": 20, "label": "Top rated", "course_ids": [3, 1]},
          {"id": 30, "label": "Trending", "course_ids": [4]}
        ]}
        """

    /// Every route, as `FixtureTransport(fixtures:)` takes them.
    static var all: [String: String] {
        [
            "courses": courses,
            "courses/recent": recent,
            "courses/recommended": recommended,
            "categories": categories,
            "user_courses": userCourses,
            "stocked_courses": stockedCourses,
            "rankings": rankings,
        ]
    }

    /// A transport serving `all`, with `overrides` replacing routes and `failures` injected.
    static func transport(overrides: [String: String] = [:], failures: [FixtureFailure] = []) -> FixtureTransport {
        let routes = all.merging(overrides) { _, override in override }
        return FixtureTransport(fixtures: routes.mapValues { Data($0.utf8) }, failures: failures)
    }

    /// An API client over `transport` that never retries (failures surface at once).
    static func client(_ transport: FixtureTransport) -> APIClient {
        APIClient(
            configuration: APIConfiguration(baseURL: URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")),
            transport: transport,
            retryPolicy: .none
        )
    }
}

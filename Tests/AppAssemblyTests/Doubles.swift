import Domain
import Presentation
import Scheduling
import Synchronization
import UseCase

/// A course repository answering every query from a fixed list.
struct MockCourseRepository: CourseRepository {
    let courses: [Course]

    init(titles: [String], firstID: Int = 9_000) {
        courses = titles.enumerated().map { index, title in
            Course(id: firstID + index, title: title, instructorName: "Mock", categoryID: 1, durationMinutes: 10)
        }
    }

    func recentCourses(limit: Int) async throws -> [Course] { Array(courses.prefix(limit)) }
    func recommendedCourses(limit: Int) async throws -> [Course] { Array(courses.prefix(limit)) }
    func courses(ids: [Int]) async throws -> [Course] { courses.filter { ids.contains($0.id) } }
}

/// A `MainView` that records every update with the scheduler label it arrived on.
final class RecordingMainView: MainView {
    enum Event: Equatable {
        case loading(Bool)
        case show(MainScreen, ScreenSource)
        case error(String)
    }

    private let recorded = Mutex<[(event: Event, label: String?)]>([])

    var events: [Event] { recorded.withLock { $0.map(\.event) } }
    var labels: [String?] { recorded.withLock { $0.map(\.label) } }

    /// The screens shown, with their source.
    var screens: [(MainScreen, ScreenSource)] {
        events.compactMap { if case .show(let screen, let source) = $0 { (screen, source) } else { nil } }
    }

    func setLoading(_ isLoading: Bool) { record(.loading(isLoading)) }
    func show(_ screen: MainScreen, source: ScreenSource) { record(.show(screen, source)) }
    func showError(_ message: String) { record(.error(message)) }

    private func record(_ event: Event) {
        let label = CurrentScheduler.label
        recorded.withLock { $0.append((event, label)) }
    }
}

/// A `CourseDetailView` that records every update.
final class RecordingCourseDetailView: CourseDetailView {
    enum Event: Equatable {
        case loading(Bool)
        case show(CourseItem)
        case error(String)
    }

    private let recorded = Mutex<[(event: Event, label: String?)]>([])

    var events: [Event] { recorded.withLock { $0.map(\.event) } }
    var labels: [String?] { recorded.withLock { $0.map(\.label) } }

    func setLoading(_ isLoading: Bool) { record(.loading(isLoading)) }
    func show(_ course: CourseItem) { record(.show(course)) }
    func showError(_ message: String) { record(.error(message)) }

    private func record(_ event: Event) {
        let label = CurrentScheduler.label
        recorded.withLock { $0.append((event, label)) }
    }
}

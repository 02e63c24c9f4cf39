import Presentation
import Scheduling
import Synchronization
import UseCase

/// A `MainView` that records every call with the scheduler label it arrived on.
final class RecordingMainView: MainView {
    enum Event: Equatable {
        case loading(Bool)
        case show(MainScreen, ScreenSource)
        case error(String)
    }

    private let recorded = Mutex<[(event: Event, label: String?)]>([])

    /// The calls, in order.
    var events: [Event] { recorded.withLock { $0.map(\.event) } }
    /// `CurrentScheduler.label` at each call, in order.
    var labels: [String?] { recorded.withLock { $0.map(\.label) } }

    func setLoading(_ isLoading: Bool) { record(.loading(isLoading)) }
    func show(_ screen: MainScreen, source: ScreenSource) { record(.show(screen, source)) }
    func showError(_ message: String) { record(.error(message)) }

    private func record(_ event: Event) {
        let label = CurrentScheduler.label
        recorded.withLock { $0.append((event, label)) }
    }
}

/// A `CourseDetailView` that records every call with the scheduler label it arrived on.
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

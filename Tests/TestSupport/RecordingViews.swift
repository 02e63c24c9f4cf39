import DIContainerLocking
import DIDemoPresentation
import DIDemoScheduling
import DIDemoUseCase

/// A `MainView` that records every call with the scheduler label it arrived on.
nonisolated public final class RecordingMainView: MainView {
    public enum Event: Equatable, Sendable {
        case loading(Bool)
        case show(MainScreen, ScreenSource)
        case error(String)
    }

    private let recorded = Locked<[(event: Event, label: String?)]>([])

    public init() {}

    /// The calls, in order.
    public var events: [Event] { recorded.withLock { $0.map(\.event) } }
    /// `CurrentScheduler.label` at each call, in order.
    public var labels: [String?] { recorded.withLock { $0.map(\.label) } }
    /// The screens shown, with their source.
    public var screens: [(MainScreen, ScreenSource)] {
        events.compactMap { if case .show(let screen, let source) = $0 { (screen, source) } else { nil } }
    }

    public func setLoading(_ isLoading: Bool) { record(.loading(isLoading)) }
    public func show(_ screen: MainScreen, source: ScreenSource) { record(.show(screen, source)) }
    public func showError(_ message: String) { record(.error(message)) }

    private func record(_ event: Event) {
        let label = CurrentScheduler.label
        recorded.withLock { $0.append((event, label)) }
    }
}

/// A `CourseDetailView` that records every call with the scheduler label it arrived on.
nonisolated public final class RecordingCourseDetailView: CourseDetailView {
    public enum Event: Equatable, Sendable {
        case loading(Bool)
        case show(CourseItem)
        case error(String)
    }

    private let recorded = Locked<[(event: Event, label: String?)]>([])

    public init() {}

    /// The calls, in order.
    public var events: [Event] { recorded.withLock { $0.map(\.event) } }
    /// `CurrentScheduler.label` at each call, in order.
    public var labels: [String?] { recorded.withLock { $0.map(\.label) } }

    public func setLoading(_ isLoading: Bool) { record(.loading(isLoading)) }
    public func show(_ course: CourseItem) { record(.show(course)) }
    public func showError(_ message: String) { record(.error(message)) }

    private func record(_ event: Event) {
        let label = CurrentScheduler.label
        recorded.withLock { $0.append((event, label)) }
    }
}

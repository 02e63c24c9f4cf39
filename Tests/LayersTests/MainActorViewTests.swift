import DIDemoPresentation
import DIDemoScheduling
import DIDemoUseCase
import Testing

/// Stands in for `UIViewController`: a main-actor class (UIKit's are).
@MainActor
private class ViewController {}

/// A view written as an app writes it: a main-actor class with plain mutable state, adopting the
/// view protocol as it is — no `nonisolated`, no `assumeIsolated`, no locks.
private final class MainViewController: ViewController, MainView {
    private(set) var loading: [Bool] = []
    private(set) var sources: [ScreenSource] = []
    private(set) var errors: [String] = []

    func setLoading(_ isLoading: Bool) { loading.append(isLoading) }
    func show(_ screen: MainScreen, source: ScreenSource) { sources.append(source) }
    func showError(_ message: String) { errors.append(message) }
}

private final class CourseDetailViewController: ViewController, CourseDetailView {
    private(set) var titles: [String] = []

    func setLoading(_ isLoading: Bool) {}
    func show(_ course: CourseItem) { titles.append(course.course.title) }
    func showError(_ message: String) {}
}

@Suite("Main-actor views")
@MainActor
struct MainActorViewTests {
    @Test("a main-actor view class adopts MainView and gets every update on the main queue scheduler")
    func mainView() async throws {
        let scheduler = MainQueueScheduler()
        let presenter = MainPresenter(cached: SampleLoaders.main(), fresh: SampleLoaders.main(), scheduler: scheduler)
        let view = MainViewController()
        presenter.attach(view)
        await presenter.load()
        // The main queue is serial: once this runs there, every earlier update has been delivered.
        try await scheduler.run {}
        #expect(view.loading == [true, false])
        #expect(view.sources == [.cache, .network])
        #expect(view.errors.isEmpty)
    }

    @Test("a main-actor view class adopts CourseDetailView")
    func courseDetailView() async throws {
        let scheduler = MainQueueScheduler()
        let presenter = CourseDetailPresenter(courseID: 3, loader: FakeCourseDetailLoader(), scheduler: scheduler)
        let view = CourseDetailViewController()
        presenter.attach(view)
        await presenter.load()
        try await scheduler.run {}
        #expect(view.titles == ["Typography"])
    }
}

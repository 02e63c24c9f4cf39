import Presentation
import Scheduling
import Testing
import TestSupport
import UseCase

@Suite("CourseDetailPresenter and GetCourseDetailUseCase")
@MainActor  // the views are main-actor: updates reach them there
struct CourseDetailPresenterTests {
    private let scheduler = TestScheduler(label: "main")
    private let view = RecordingCourseDetailView()

    @Test("the use case joins the course with progress and favourite state", arguments: [
        (1, 0.5 as Double?, false),
        (4, 1 as Double?, true),
        (2, nil as Double?, false),
    ])
    func detail(id: Int, progress: Double?, isFavorite: Bool) async throws {
        let item = try await FakeUseCases.detail().execute(courseID: id)
        #expect(item.course == SampleCatalog.course(id))
        #expect(item.progress == progress)
        #expect(item.isFavorite == isFavorite)
    }

    @Test("an unknown id throws CourseNotFound with a clear message")
    func unknownID() async throws {
        await #expect(throws: CourseNotFound(courseID: 999)) {
            try await FakeUseCases.detail().execute(courseID: 999)
        }
        #expect(CourseNotFound(courseID: 999).description
            == "No course has id 999: it is not in the catalogue (it may have been removed, or the id is wrong).")
    }

    @Test("the presenter shows the course whose id it was given at run time, on its scheduler")
    func showsRuntimeID() async throws {
        let courseID = Int("3") ?? 0
        let presenter = CourseDetailPresenter(courseID: courseID, getCourseDetailUseCase: FakeUseCases.detail(), scheduler: scheduler)
        presenter.attach(view)

        await presenter.load()
        #expect(view.events.isEmpty)
        scheduler.run()

        let course = try #require(SampleCatalog.course(3))
        #expect(view.events == [.loading(true), .show(CourseItem(course: course, progress: nil, isFavorite: false)), .loading(false)])
        #expect(view.labels == ["main", "main", "main"])
    }

    @Test("the presenter reports an unknown id with CourseNotFound's message")
    func presenterUnknownID() async throws {
        let presenter = CourseDetailPresenter(courseID: 999, getCourseDetailUseCase: FakeUseCases.detail(), scheduler: scheduler)
        presenter.attach(view)

        await presenter.viewWillAppear().value
        scheduler.run()

        #expect(view.events == [.loading(true), .error(CourseNotFound(courseID: 999).description), .loading(false)])
    }

    @Test("the presenter reports a repository failure with the course id")
    func presenterFailure() async throws {
        let failing = FakeUseCases.detail { call in
            if call == "courses(ids:)" { throw TestFailure(reason: "timed out") }
        }
        let presenter = CourseDetailPresenter(courseID: 1, getCourseDetailUseCase: failing, scheduler: scheduler)
        presenter.attach(view)

        await presenter.load()
        scheduler.run()

        #expect(view.events == [.loading(true), .error("Couldn't load course 1: timed out"), .loading(false)])
    }
}

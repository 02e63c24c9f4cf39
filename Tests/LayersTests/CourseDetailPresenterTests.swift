import DIContainerTestSupport
import DIDemoPresentation
import DIDemoScheduling
import DIDemoUseCase
import Testing

@Suite("CourseDetailLoader")
struct CourseDetailLoaderTests {
    @Test(
        "joins the course with progress and favourite state",
        arguments: [
            (1, 0.5 as Double?, false),
            (4, 1 as Double?, true),
            (2, nil as Double?, false),
        ])
    func detail(id: Int, progress: Double?, isFavorite: Bool) async throws {
        let item = try await SampleLoaders.detail().loadCourse(id: id)
        #expect(item.course == SampleCatalog.course(id))
        #expect(item.progress == progress)
        #expect(item.isFavorite == isFavorite)
    }

    @Test("an unknown id throws CourseNotFound with a clear message")
    func unknownID() async throws {
        await #expect(throws: CourseNotFound(courseID: 999)) {
            try await SampleLoaders.detail().loadCourse(id: 999)
        }
        #expect(
            CourseNotFound(courseID: 999).description
                == "No course has id 999: it is not in the catalogue (it may have been removed, or the id is wrong).")
    }
}

@Suite("CourseDetailPresenter")
@MainActor  // the views are main-actor: updates reach them there
struct CourseDetailPresenterTests {
    private let scheduler = TestScheduler(label: "main")
    private let view = RecordingCourseDetailView()

    private func makePresenter(courseID: Int, loader: FakeCourseDetailLoader = FakeCourseDetailLoader()) -> CourseDetailPresenter {
        let presenter = CourseDetailPresenter(courseID: courseID, loader: loader, scheduler: scheduler)
        presenter.attach(view)
        return presenter
    }

    @Test("shows the course whose id it was given at run time, on its scheduler")
    func showsRuntimeID() async throws {
        await makePresenter(courseID: Int("3") ?? 0).load()
        #expect(view.events.isEmpty)
        scheduler.run()

        let course = try #require(SampleCatalog.course(3))
        #expect(view.events == [.loading(true), .show(CourseItem(course: course, progress: nil, isFavorite: false)), .loading(false)])
        #expect(view.labels == ["main", "main", "main"])
    }

    @Test("reports an unknown id with CourseNotFound's message")
    func unknownID() async throws {
        await makePresenter(courseID: 999).viewWillAppear().value
        scheduler.run()

        #expect(view.events == [.loading(true), .error(CourseNotFound(courseID: 999).description), .loading(false)])
    }

    @Test("reports another failure with the course id")
    func failure() async throws {
        await makePresenter(courseID: 1, loader: FakeCourseDetailLoader(error: TestFailure(reason: "timed out"))).load()
        scheduler.run()

        #expect(view.events == [.loading(true), .error("Couldn't load course 1: timed out"), .loading(false)])
    }
}

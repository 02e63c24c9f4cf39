import DIContainer
import DIContainerTestSupport
import DIContainerTesting
import DIDemoAppAssembly
import DIDemoDomain
import DIDemoInfrastructure
import DIDemoPresentation
import DIDemoScheduling
import DIDemoUseCase
import Testing

/// Replaces, in the current override scope, the course repository with `mock`, the cache
/// with an empty in-memory one and the main scheduler with an immediate one.
private func registerMocks(_ container: Container, courses mock: MockCourseRepository) {
    container.register((any CourseRepository).self) { _ in mock }
    container.register((any CacheStore).self, instance: InMemoryCacheStore())
    container.register((any Scheduler).self, instance: ImmediateScheduler(label: "immediate"))
}

/// The app is assembled into `Container.shared` once per process (`.assembled(.app)`); each test
/// gets its own singletons (`.freshInstances`) and replaces what it needs (`.overriding`).
@Suite("PresenterFactory over Container.shared", .addingContexts([.mockServer]), .assembled(.app), .freshInstances)
@MainActor  // the views are main-actor: updates reach them there
struct PresenterFactoryTests {
    @Test(
        "a MainPresenter from the factory shows the mock repository's courses",
        .overriding { registerMocks($0, courses: MockCourseRepository(titles: ["Mocking in Swift", "Overrides 101"])) }
    )
    func mainPresenterSeesMock() async throws {
        let view = RecordingMainView()
        let presenter = try PresenterFactory().makeMainPresenter()
        presenter.attach(view)
        await presenter.load()
        let screens = view.screens
        try #require(screens.count == 1)
        let (screen, source) = screens[0]
        #expect(source == .network)
        #expect(screen.recentCourses.map(\.course.title) == ["Mocking in Swift", "Overrides 101"])
        #expect(screen.recommendedCourses.map(\.course.title) == ["Mocking in Swift", "Overrides 101"])
        // The other repositories are the real ones, over the fixtures.
        #expect(screen.categories.count == 4)
        #expect(view.events.first == .loading(true))
        #expect(view.events.last == .loading(false))
        #expect(view.labels.allSatisfy { $0 == "immediate" })
    }

    @Test("the real registrations are back once the override scope ends")
    func overridesEnd() async throws {
        let mock = MockCourseRepository(titles: ["Only inside"])
        try await Container.shared.withOverrides {
            registerMocks($0, courses: mock)
        } operation: {
            let inside = try Container.shared.resolve((any CourseRepository).self)
            #expect(try await inside.recentCourses(limit: 5).map(\.title) == ["Only inside"])
        }
        let outside = try Container.shared.resolve((any CourseRepository).self)
        #expect(!(outside is MockCourseRepository))
        #expect(try Container.shared.resolve((any Scheduler).self).label == "main")
    }

    @Test("parallel overrides with different mocks each see their own data", arguments: [32])
    func parallelOverrides(count: Int) async throws {
        let seen = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<count {
                group.addTask {
                    let view = try await mainScreen(with: MockCourseRepository(titles: ["Course of task \(index)"]))
                    return (index, view.screens.flatMap { $0.0.recentCourses.map(\.course.title) })
                }
            }
            var seen: [Int: [String]] = [:]
            for try await (index, titles) in group { seen[index] = titles }
            return seen
        }
        #expect(seen.count == count)
        for (index, titles) in seen {
            #expect(titles == ["Course of task \(index)"])
        }
    }

    @Test(
        "a CourseDetailPresenter from the factory gets its course id as a runtime argument",
        .overriding { registerMocks($0, courses: MockCourseRepository(titles: ["First", "Second", "Third"], firstID: 7)) }
    )
    func detailPresenterWithRuntimeID() async throws {
        let view = RecordingCourseDetailView()
        let presenter = try PresenterFactory().makeCourseDetailPresenter(courseID: 8)
        #expect(presenter.courseID == 8)
        presenter.attach(view)
        await presenter.load()

        let missing = RecordingCourseDetailView()
        let unknown = try PresenterFactory().makeCourseDetailPresenter(courseID: 999)
        unknown.attach(missing)
        await unknown.load()
        let shown = view.events.compactMap { if case .show(let item) = $0 { item } else { nil } }
        #expect(shown.map(\.course.title) == ["Second"])
        #expect(shown.map(\.id) == [8])
        let errors = missing.events.compactMap { if case .error(let message) = $0 { message } else { nil } }
        #expect(errors == [CourseNotFound(courseID: 999).description])
    }
}

@Suite("PresenterFactory over a fresh container", .addingContexts([.mockServer]))
@MainActor  // the views are main-actor: updates reach them there
struct PresenterFactoryFixtureTests {
    @Test("the fixtures' screen comes from the network first, then from the cache it filled")
    func networkThenCache() async throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let container = TestApp.container(cache: cache.url)
        container.register((any Scheduler).self, instance: ImmediateScheduler(label: "immediate"))
        let factory = PresenterFactory(container: container)

        let first = RecordingMainView()
        let presenter = try factory.makeMainPresenter()
        presenter.attach(first)
        await presenter.load()
        #expect(first.screens.map(\.1) == [.network])
        let fresh = try #require(first.screens.first?.0)
        #expect(fresh.categories.count == 4)
        #expect(fresh.rankingSections.count == 3)

        let second = RecordingMainView()
        let again = try factory.makeMainPresenter()
        again.attach(second)
        await again.load()
        #expect(second.screens.map(\.1) == [.cache, .network])
        #expect(second.screens.first?.0 == fresh)
    }

    @Test("presenters deliver on the main scheduler the container registers")
    func deliversOnMain() async throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let container = TestApp.container(cache: cache.url)
        let view = RecordingCourseDetailView()
        let presenter = try PresenterFactory(container: container).makeCourseDetailPresenter(courseID: 103)
        presenter.attach(view)
        await presenter.load()
        // The main queue is serial: once this runs there, every earlier update has been delivered.
        try await container.resolve((any Scheduler).self).run {}
        #expect(view.labels == ["main", "main", "main"])
        let shown = view.events.compactMap { if case .show(let item) = $0 { item.course.title } else { nil } }
        #expect(shown == ["Typography for Interfaces"])
    }
}

/// Loads the main screen through `PresenterFactory()` with `courses` overriding the course
/// repository on `Container.shared`, and returns the view that recorded it.
@MainActor  // returns once the updates reached the view, on the main actor
private func mainScreen(with courses: MockCourseRepository) async throws -> RecordingMainView {
    let view = RecordingMainView()
    try await Container.shared.withOverrides {
        registerMocks($0, courses: courses)
    } operation: {
        let presenter = try PresenterFactory().makeMainPresenter()
        presenter.attach(view)
        await presenter.load()
    }
    return view
}

import Presentation
import Scheduling
import Testing
import TestSupport
import UseCase

@Suite("MainPresenter")
@MainActor  // the views are main-actor: updates reach them there
struct MainPresenterTests {
    private let scheduler = TestScheduler(label: "main")
    private let view = RecordingMainView()

    private func makePresenter(
        remote: GetMainUseCase = FakeUseCases.main(),
        local: GetMainUseCase = FakeUseCases.main()
    ) -> MainPresenter {
        let presenter = MainPresenter(getMainUseCase: remote, localGetMainUseCase: local, scheduler: scheduler)
        presenter.attach(view)
        return presenter
    }

    @Test("shows the cached screen first, then the fresh one, between loading on and off")
    func cacheThenNetwork() async throws {
        let cached = try await FakeUseCases.main().execute()
        let freshUseCase = GetMainUseCase(
            courseRepository: FakeCourseRepository(recentIDs: [1, 2]),
            userCourseRepository: FakeUserCourseRepository(),
            categoryRepository: FakeCategoryRepository(),
            stockedCourseRepository: FakeStockedCourseRepository(),
            rankingRepository: FakeRankingRepository()
        )
        let fresh = try await freshUseCase.execute()
        #expect(cached != fresh)

        await makePresenter(remote: freshUseCase).load()
        scheduler.run()

        #expect(view.events == [.loading(true), .show(cached, .cache), .show(fresh, .network), .loading(false)])
    }

    @Test("nothing reaches the view until the scheduler runs, and every call arrives on it")
    func deliversOnScheduler() async throws {
        await makePresenter().load()

        #expect(view.events.isEmpty)
        #expect(scheduler.pendingCount == 4)

        #expect(scheduler.advance() == 4)
        #expect(view.events.count == 4)
        #expect(view.labels == Array(repeating: "main", count: 4))
    }

    @Test("an empty cache skips the cached show")
    func emptyCacheSkipped() async throws {
        let fresh = try await FakeUseCases.main().execute()

        await makePresenter(local: FakeUseCases.main(empty: true)).load()
        scheduler.run()

        #expect(view.events == [.loading(true), .show(fresh, .network), .loading(false)])
    }

    @Test("a network failure keeps the cached screen and reports the error")
    func networkFailureKeepsContent() async throws {
        let cached = try await FakeUseCases.main().execute()
        let failing = FakeUseCases.main { call in
            if call == "recentCourses" { throw TestFailure(reason: "the server answered 503") }
        }

        await makePresenter(remote: failing).load()
        scheduler.run()

        #expect(view.events == [
            .loading(true),
            .show(cached, .cache),
            .error("Couldn't refresh the courses: the server answered 503"),
            .loading(false),
        ])
    }

    @Test("a cache that cannot be read counts as empty; the fresh screen still comes")
    func unreadableCache() async throws {
        let fresh = try await FakeUseCases.main().execute()
        let broken = FakeUseCases.main { _ in throw TestFailure(reason: "disk full") }

        await makePresenter(local: broken).load()
        scheduler.run()

        #expect(view.events == [.loading(true), .show(fresh, .network), .loading(false)])
    }

    @Test("viewWillAppear starts the load in a task")
    func viewWillAppearLoads() async throws {
        let fresh = try await FakeUseCases.main().execute()

        await makePresenter(local: FakeUseCases.main(empty: true)).viewWillAppear().value
        scheduler.run()

        #expect(view.events == [.loading(true), .show(fresh, .network), .loading(false)])
    }

    @Test("a cancelled load reports no error and turns loading off")
    func cancelledLoad() async throws {
        let started = Latch(count: 1, name: "network started")
        let neverOpens = Latch(count: 1, name: "until cancelled")
        let hanging = FakeUseCases.main { call in
            guard call == "stockedCourses" else { return }
            started.countDown()
            try await neverOpens.wait(timeout: .seconds(30))
        }

        let task = makePresenter(remote: hanging, local: FakeUseCases.main(empty: true)).viewWillAppear()
        try await started.wait()
        task.cancel()
        await task.value
        scheduler.run()

        #expect(view.events == [.loading(true), .loading(false)])
    }

    @Test("a second viewWillAppear cancels the load still running; only one fresh screen is shown")
    func secondAppearanceCancelsFirst() async throws {
        let fresh = try await FakeUseCases.main().execute()
        let firstStarted = Latch(count: 1, name: "first load started")
        let neverOpens = Latch(count: 1, name: "until cancelled")
        let calls = CallLog()
        let hangsOnce = FakeUseCases.main { call in
            guard call == "stockedCourses" else { return }
            calls.record(call)
            guard calls.entries.count == 1 else { return }
            firstStarted.countDown()
            try await neverOpens.wait(timeout: .seconds(30))
        }
        let presenter = makePresenter(remote: hangsOnce, local: FakeUseCases.main(empty: true))

        let first = presenter.viewWillAppear()
        try await firstStarted.wait()
        let second = presenter.viewWillAppear()
        await first.value
        await second.value
        scheduler.run()

        #expect(view.events.filter { if case .show = $0 { true } else { false } } == [.show(fresh, .network)])
        #expect(view.events.filter { if case .error = $0 { true } else { false } }.isEmpty)
        #expect(view.events.filter { $0 == .loading(true) }.count == 2)
        #expect(view.events.last == .loading(false))
    }

    @Test("holds the view weakly; updates for a view that is gone are dropped")
    func weakView() async throws {
        let presenter = MainPresenter(
            getMainUseCase: FakeUseCases.main(),
            localGetMainUseCase: FakeUseCases.main(),
            scheduler: scheduler
        )
        weak var weakView: RecordingMainView?
        do {
            let transient = RecordingMainView()
            weakView = transient
            presenter.attach(transient)
        }
        #expect(weakView == nil)

        await presenter.load()
        #expect(scheduler.run() == 4)
    }
}

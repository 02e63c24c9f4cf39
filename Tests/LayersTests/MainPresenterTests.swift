import DIContainerTestSupport
import DIDemoPresentation
import DIDemoScheduling
import DIDemoUseCase
import Testing

@Suite("MainPresenter")
@MainActor  // the views are main-actor: updates reach them there
struct MainPresenterTests {
    private let scheduler = TestScheduler(label: "main")
    private let view = RecordingMainView()

    private func makePresenter(
        cached: FakeMainScreenLoader = .returning(SampleScreens.cached),
        fresh: FakeMainScreenLoader = .returning(SampleScreens.fresh)
    ) -> MainPresenter {
        let presenter = MainPresenter(cached: cached, fresh: fresh, scheduler: scheduler)
        presenter.attach(view)
        return presenter
    }

    @Test("shows the cached screen first, then the fresh one, between loading on and off")
    func cacheThenNetwork() async throws {
        await makePresenter().load()
        scheduler.run()

        #expect(
            view.events == [
                .loading(true), .show(SampleScreens.cached, .cache), .show(SampleScreens.fresh, .network), .loading(false),
            ])
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
        await makePresenter(cached: .returning(SampleScreens.empty)).load()
        scheduler.run()

        #expect(view.events == [.loading(true), .show(SampleScreens.fresh, .network), .loading(false)])
    }

    @Test("a network failure keeps the cached screen and reports the error")
    func networkFailureKeepsContent() async throws {
        await makePresenter(fresh: .failing(TestFailure(reason: "the server answered 503"))).load()
        scheduler.run()

        #expect(
            view.events == [
                .loading(true),
                .show(SampleScreens.cached, .cache),
                .error("Couldn't refresh the courses: the server answered 503"),
                .loading(false),
            ])
    }

    @Test("a cache that cannot be read counts as empty; the fresh screen still comes")
    func unreadableCache() async throws {
        await makePresenter(cached: .failing(TestFailure(reason: "disk full"))).load()
        scheduler.run()

        #expect(view.events == [.loading(true), .show(SampleScreens.fresh, .network), .loading(false)])
    }

    @Test("viewWillAppear starts the load in a task")
    func viewWillAppearLoads() async throws {
        await makePresenter(cached: .returning(SampleScreens.empty)).viewWillAppear().value
        scheduler.run()

        #expect(view.events == [.loading(true), .show(SampleScreens.fresh, .network), .loading(false)])
    }

    @Test("a cancelled load reports no error and turns loading off")
    func cancelledLoad() async throws {
        let started = Latch(count: 1, name: "network started")
        let neverOpens = Latch(count: 1, name: "until cancelled")
        let hanging = FakeMainScreenLoader {
            started.countDown()
            try await neverOpens.wait(timeout: .seconds(30))
            return SampleScreens.fresh
        }

        let task = makePresenter(cached: .returning(SampleScreens.empty), fresh: hanging).viewWillAppear()
        try await started.wait()
        task.cancel()
        await task.value
        scheduler.run()

        #expect(view.events == [.loading(true), .loading(false)])
    }

    @Test("a second viewWillAppear cancels the load still running; only one fresh screen is shown")
    func secondAppearanceCancelsFirst() async throws {
        let firstStarted = Latch(count: 1, name: "first load started")
        let neverOpens = Latch(count: 1, name: "until cancelled")
        let calls = CallLog()
        let hangsOnce = FakeMainScreenLoader {
            calls.record("loadMainScreen")
            if calls.entries.count == 1 {
                firstStarted.countDown()
                try await neverOpens.wait(timeout: .seconds(30))
            }
            return SampleScreens.fresh
        }
        let presenter = makePresenter(cached: .returning(SampleScreens.empty), fresh: hangsOnce)

        let first = presenter.viewWillAppear()
        try await firstStarted.wait()
        let second = presenter.viewWillAppear()
        await first.value
        await second.value
        scheduler.run()

        #expect(view.events.filter { if case .show = $0 { true } else { false } } == [.show(SampleScreens.fresh, .network)])
        #expect(view.events.filter { if case .error = $0 { true } else { false } }.isEmpty)
        #expect(view.events.filter { $0 == .loading(true) }.count == 2)
        #expect(view.events.last == .loading(false))
    }

    @Test("holds the view weakly; updates for a view that is gone are dropped")
    func weakView() async throws {
        let presenter = MainPresenter(
            cached: FakeMainScreenLoader.returning(SampleScreens.cached),
            fresh: FakeMainScreenLoader.returning(SampleScreens.fresh),
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

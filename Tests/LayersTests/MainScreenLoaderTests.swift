import DIDemoDomain
import DIDemoUseCase
import Testing

@Suite("MainScreenLoader")
struct MainScreenLoaderTests {
    @Test("joins every course with the user's progress and favourites, keeping list order")
    func joinsProgressAndFavourites() async throws {
        let screen = try await SampleLoaders.main().loadMainScreen()

        #expect(screen.categories == SampleCatalog.categories)
        #expect(screen.recentCourses.map(\.id) == [5, 3, 1])
        #expect(screen.recentCourses.map(\.progress) == [nil, nil, 0.5])
        #expect(screen.recentCourses.map(\.isFavorite) == [true, false, false])
        #expect(screen.recommendedCourses.map(\.id) == [2, 4])
        #expect(screen.recommendedCourses.map(\.progress) == [nil, 1])
        #expect(screen.recommendedCourses.map(\.isFavorite) == [false, true])
    }

    @Test("ranking sections keep the server's section order and each section's course order")
    func rankingOrder() async throws {
        let screen = try await SampleLoaders.main().loadMainScreen()

        #expect(screen.rankingSections.map(\.id) == [10, 20, 30])
        #expect(screen.rankingSections.map(\.label) == ["Most popular", "Top rated", "Trending"])
        #expect(screen.rankingSections.map { $0.items.map(\.id) } == [[4, 1, 2], [3, 5], [2, 3]])
        let popular = try #require(screen.rankingSections.first)
        #expect(popular.items.map(\.isFavorite) == [true, false, false])
        #expect(popular.items.map(\.progress) == [1, 0.5, nil])
    }

    @Test("honours the recent and recommended limits")
    func limits() async throws {
        let useCase = MainScreenLoader(
            courseRepository: FakeCourseRepository(),
            userCourseRepository: FakeUserCourseRepository(),
            categoryRepository: FakeCategoryRepository(),
            stockedCourseRepository: FakeStockedCourseRepository(),
            rankingRepository: FakeRankingRepository(),
            recentLimit: 2,
            recommendedLimit: 1
        )
        let screen = try await useCase.loadMainScreen()
        #expect(screen.recentCourses.map(\.id) == [5, 3])
        #expect(screen.recommendedCourses.map(\.id) == [2])
    }

    @Test("reads the favourites before anything else")
    func favouritesFirst() async throws {
        let log = CallLog()
        _ = try await SampleLoaders.main(hook: { log.record($0) }).loadMainScreen()

        #expect(log.entries.first == "stockedCourses")
        #expect(log.entries.filter { $0 == "stockedCourses" }.count == 1)
        #expect(Set(log.entries).isSuperset(of: ["categories", "recentCourses", "recommendedCourses", "rankings"]))
    }

    @Test("fetches categories, recent, recommended and rankings concurrently")
    func partsRunConcurrently() async throws {
        // Each part waits until all four have started: run one after another, the first part
        // would wait forever (and the latch's guard timeout would fail the test).
        let parts: Set<String> = ["categories", "recentCourses", "recommendedCourses", "rankings"]
        let barrier = Latch(count: parts.count, name: "four-part barrier")
        let useCase = SampleLoaders.main { call in
            if parts.contains(call) { try await barrier.arriveAndWait() }
        }

        let screen = try await useCase.loadMainScreen()
        #expect(screen.rankingSections.count == 3)
    }

    @Test("fetches the ranking courses in concurrent batches of ids and still keeps the sections' order")
    func rankingBatchesRunConcurrently() async throws {
        // Ids in first-seen order, each once: [4, 1, 2, 3, 99, 5], in batches of two. The first
        // batch may only proceed after the second started, and the second after the third: the
        // batches start and finish in reverse order.
        let secondStarted = Latch(count: 1, name: "second batch started")
        let thirdStarted = Latch(count: 1, name: "third batch started")
        let ordered = MainScreenLoader(
            courseRepository: OrderedLookupCourseRepository(
                gates: [
                    [4, 1]: { try await secondStarted.wait() },
                    [2, 3]: {
                        secondStarted.countDown()
                        try await thirdStarted.wait()
                    },
                    [99, 5]: { thirdStarted.countDown() },
                ]
            ),
            userCourseRepository: FakeUserCourseRepository(),
            categoryRepository: FakeCategoryRepository(),
            stockedCourseRepository: FakeStockedCourseRepository(),
            rankingRepository: FakeRankingRepository(),
            idBatchSize: 2
        )

        let screen = try await ordered.loadMainScreen()
        #expect(screen.rankingSections.map(\.id) == [10, 20, 30])
        #expect(screen.rankingSections.map { $0.items.map(\.id) } == [[4, 1, 2], [3, 5], [2, 3]])
        #expect(screen.rankingSections.first?.items.map(\.progress) == [1, 0.5, nil])
    }

    @Test("cancelling the caller cancels the parts in flight")
    func cancellationPropagates() async throws {
        let parts: Set<String> = ["categories", "recentCourses", "recommendedCourses", "rankings"]
        let allStarted = Latch(count: parts.count, name: "parts started")
        let neverOpens = Latch(count: 1, name: "until cancelled")
        let cancelled = CallLog()
        let useCase = SampleLoaders.main { call in
            guard parts.contains(call) else { return }
            allStarted.countDown()
            do {
                try await neverOpens.wait(timeout: .seconds(30))
            } catch let error as CancellationError {
                cancelled.record(call)
                throw error
            }
        }

        let task = Task { try await useCase.loadMainScreen() }
        try await allStarted.wait()
        task.cancel()

        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(Set(cancelled.entries) == parts)
    }

    @Test("a failing part fails the whole screen with that error")
    func failurePropagates() async throws {
        let useCase = SampleLoaders.main { call in
            if call == "rankings" { throw TestFailure(reason: "rankings are down") }
        }
        await #expect(throws: TestFailure(reason: "rankings are down")) { try await useCase.loadMainScreen() }
    }

    @Test("over repositories with nothing in them the screen is empty")
    func emptyScreen() async throws {
        let screen = try await SampleLoaders.main(empty: true).loadMainScreen()
        #expect(screen.isEmpty)
    }
}

/// A course repository whose `courses(ids:)` runs a gate chosen by the requested ids first.
private struct OrderedLookupCourseRepository: CourseRepository {
    let gates: [[Int]: @Sendable () async throws -> Void]
    let base = FakeCourseRepository()

    func recentCourses(limit: Int) async throws -> [Course] { try await base.recentCourses(limit: limit) }
    func recommendedCourses(limit: Int) async throws -> [Course] { try await base.recommendedCourses(limit: limit) }
    func courses(ids: [Int]) async throws -> [Course] {
        try await gates[ids]?()
        return try await base.courses(ids: ids)
    }
}

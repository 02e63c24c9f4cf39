import DIContainerLocking
import DIDemoDomain
import DIDemoUseCase
import Testing

/// How many requests the main screen sends for what the server returns: a rankings answer with
/// thousands of rankings, or one ranking with 100,000 course ids, must not turn into thousands
/// of requests at once.
@Suite("MainScreenLoader fan-out")
struct MainScreenLoaderFanOutTests {
    @Test("5,000 rankings over 1,000 courses: each id asked for once, in batches, at most the cap in flight")
    func manyRankings() async throws {
        // Ranking i holds five ids spread over 1...1000; together they cover every course.
        let rankings = (0..<5_000).map { index in
            RankingContents(id: index, label: "Ranking \(index)", courseIDs: (0..<5).map { (index * 5 + $0) % 1_000 + 1 })
        }
        let probe = FanOutProbe(cap: MainScreenLoader.defaultMaxConcurrentBatches)
        let screen = try await probe.useCase(rankings: rankings).loadMainScreen()

        #expect(screen.rankingSections.count == 5_000)
        #expect(screen.rankingSections[4_999].items.map(\.id) == [996, 997, 998, 999, 1000])
        let batches = 1_000 / MainScreenLoader.defaultIDBatchSize
        #expect(probe.courses.calls == batches)
        #expect(probe.courses.ids == 1_000)
        #expect(probe.userCourses.calls == batches)
        #expect(probe.courses.maximumInFlight == MainScreenLoader.defaultMaxConcurrentBatches)
        #expect(probe.userCourses.maximumInFlight <= MainScreenLoader.defaultMaxConcurrentBatches)
    }

    @Test("one ranking of 100,000 course ids is fetched in batches of the batch size, at most the cap in flight")
    func oneHugeRanking() async throws {
        let rankings = [RankingContents(id: 1, label: "Everything", courseIDs: Array(1...100_000))]
        let probe = FanOutProbe(cap: 3)
        let screen = try await probe.useCase(rankings: rankings, idBatchSize: 500, maxConcurrentBatches: 3).loadMainScreen()

        #expect(screen.rankingSections.first?.items.count == 100_000)
        #expect(probe.courses.calls == 200)
        #expect(probe.courses.ids == 100_000)
        #expect(probe.courses.largestRequest == 500)
        #expect(probe.userCourses.calls == 200)
        #expect(probe.courses.maximumInFlight == 3)
    }
}

/// Fake course and progress repositories that count the ranking lookups, the ids asked for and
/// the most calls in flight at once.
///
/// The first `cap` course lookups wait for each other (a barrier), so a use case that ran fewer
/// than `cap` batches at a time would fail on the latch's guard timeout; every later lookup
/// yields once so that calls overlap.
private final class FanOutProbe: Sendable {
    struct Counts: Sendable {
        var calls = 0
        var ids = 0
        var largestRequest = 0
        var inFlight = 0
        var maximumInFlight = 0
    }

    private let courseCounts = Locked(Counts())
    private let userCourseCounts = Locked(Counts())
    private let cap: Int
    private let barrier: Latch

    init(cap: Int) {
        self.cap = cap
        barrier = Latch(count: cap, name: "first \(cap) batches in flight together")
    }

    var courses: Counts { courseCounts.withLock { $0 } }
    var userCourses: Counts { userCourseCounts.withLock { $0 } }

    func useCase(
        rankings: [RankingContents], idBatchSize: Int = MainScreenLoader.defaultIDBatchSize,
        maxConcurrentBatches: Int = MainScreenLoader.defaultMaxConcurrentBatches
    ) -> MainScreenLoader {
        MainScreenLoader(
            courseRepository: CountingCourseRepository(probe: self),
            userCourseRepository: CountingUserCourseRepository(probe: self),
            categoryRepository: FakeCategoryRepository(categories: []),
            stockedCourseRepository: FakeStockedCourseRepository(favorites: []),
            rankingRepository: FakeRankingRepository(rankings: rankings),
            idBatchSize: idBatchSize,
            maxConcurrentBatches: maxConcurrentBatches)
    }

    func lookUpCourses(_ ids: [Int]) async throws -> [Course] {
        let call = Self.begin(courseCounts, ids: ids)
        defer { Self.end(courseCounts) }
        if call < cap {
            try await barrier.arriveAndWait()
        } else {
            await Task.yield()
        }
        return ids.map { Course(id: $0, title: "Course \($0)", instructorName: "Ana", categoryID: 1, durationMinutes: 60) }
    }

    func lookUpProgress(_ ids: [Int]) async -> [UserCourse] {
        _ = Self.begin(userCourseCounts, ids: ids)
        defer { Self.end(userCourseCounts) }
        await Task.yield()
        return []
    }

    /// Counts a call starting; returns how many started before it.
    private static func begin(_ counts: Locked<Counts>, ids: [Int]) -> Int {
        counts.withLock { counts in
            defer {
                counts.calls += 1
                counts.ids += ids.count
                counts.largestRequest = max(counts.largestRequest, ids.count)
                counts.inFlight += 1
                counts.maximumInFlight = max(counts.maximumInFlight, counts.inFlight)
            }
            return counts.calls
        }
    }

    private static func end(_ counts: Locked<Counts>) {
        counts.withLock { $0.inFlight -= 1 }
    }
}

private struct CountingCourseRepository: CourseRepository {
    let probe: FanOutProbe

    func recentCourses(limit: Int) async throws -> [Course] { [] }
    func recommendedCourses(limit: Int) async throws -> [Course] { [] }
    func courses(ids: [Int]) async throws -> [Course] { try await probe.lookUpCourses(ids) }
}

private struct CountingUserCourseRepository: UserCourseRepository {
    let probe: FanOutProbe

    func userCourses(ids: [Int]) async throws -> [UserCourse] { await probe.lookUpProgress(ids) }
}

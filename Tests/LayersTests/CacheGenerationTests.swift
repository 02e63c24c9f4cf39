import DIDemoInfrastructure
import DIDemoRepository
import DIDemoScheduling
import DIDemoUseCase
import Foundation
import Testing

/// A refresh writes the cache as one generation: the cached screen after a refresh that failed
/// part-way is exactly the screen of the last successful one, never a mixture.
@Suite("Cache generations")
struct CacheGenerationTests {
    private let cache = InMemoryCacheStore()
    private let scheduler = SerialQueueScheduler(label: "background")

    /// Different favourites, and a progress record the mapping rejects (outside 0…1), so the
    /// refresh fails after the favourites and other parts have been fetched.
    private static let brokenRefresh = [
        "stocked_courses": #"{"items": [{"course_id": 1, "stocked_at": "2026-11-20T10:00:00Z"}]}"#,
        "user_courses": #"{"items": [{"course_id": 1, "progress": 2.5}]}"#,
    ]

    private func fresh(_ transport: FixtureTransport, transaction: Bool = true) -> MainScreenLoader {
        RepositoryLoaders.fresh(
            transport, cache: cache, scheduler: scheduler,
            cacheTransaction: transaction ? CacheRefresh(cache: cache, scheduler: scheduler) : nil)
    }

    private var cached: MainScreenLoader {
        RepositoryLoaders.cached(cache: cache, scheduler: scheduler)
    }

    @Test("a refresh that fails part-way leaves the cached screen of the last good refresh, favourites included")
    func failedRefreshKeepsTheLastGeneration() async throws {
        let first = try await fresh(APIFixtures.transport()).loadMainScreen()
        let keys = cache.keys

        await #expect(throws: MappingError.self) {
            try await fresh(APIFixtures.transport(overrides: Self.brokenRefresh)).loadMainScreen()
        }

        #expect(cache.keys == keys)
        let afterFailure = try await cached.loadMainScreen()
        #expect(afterFailure == first)
        #expect(afterFailure.recentCourses.map(\.isFavorite) == [true, true, false])
    }

    @Test("a first refresh that fails writes nothing at all")
    func failedFirstRefreshWritesNothing() async throws {
        await #expect(throws: MappingError.self) {
            try await fresh(APIFixtures.transport(overrides: Self.brokenRefresh)).loadMainScreen()
        }
        #expect(cache.keys.isEmpty)
        #expect(try await cached.loadMainScreen().isEmpty)
    }

    @Test("without a transaction the same failure leaves a mixture (the fault the transaction removes)")
    func withoutTransactionTheGenerationsMix() async throws {
        let first = try await fresh(APIFixtures.transport()).loadMainScreen()
        await #expect(throws: MappingError.self) {
            try await fresh(APIFixtures.transport(overrides: Self.brokenRefresh), transaction: false).loadMainScreen()
        }
        #expect(try await cached.loadMainScreen() != first)
    }

    @Test("a successful refresh replaces the whole cached screen")
    func successfulRefreshLands() async throws {
        _ = try await fresh(APIFixtures.transport()).loadMainScreen()
        let favouriteOne = #"{"items": [{"course_id": 1, "stocked_at": "2026-11-20T10:00:00Z"}]}"#
        let second = try await fresh(APIFixtures.transport(overrides: ["stocked_courses": favouriteOne])).loadMainScreen()

        #expect(try await cached.loadMainScreen() == second)
        #expect(second.recentCourses.map(\.isFavorite) == [false, false, true])
    }

    @Test("a cancelled refresh writes nothing")
    func cancelledRefreshWritesNothing() async throws {
        let started = Latch(count: 1, name: "rankings requested")
        let transaction = CacheRefresh(cache: cache, scheduler: scheduler)
        let task = Task {
            try await transaction.withTransaction {
                let client = APIFixtures.client(APIFixtures.transport())
                _ = try await RemoteCategoryRepository(apiClient: client, cache: cache, scheduler: scheduler).categories()
                started.countDown()
                try await Latch(count: 1, name: "until cancelled").wait(timeout: .seconds(30))
            }
        }
        try await started.wait()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(cache.keys.isEmpty)
    }
}

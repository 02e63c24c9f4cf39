import DIDemoInfrastructure
import DIDemoRepository
import DIDemoScheduling
import DIDemoUseCase
import Foundation
import Testing

/// `MainScreenLoader` over the real repositories: the remote screen, then the same type over the
/// local repositories reading what the remote ones cached, and the demo's fixtures end to end.
@Suite("MainScreenLoader over repositories")
struct MainScreenOverRepositoriesTests {
    private let cache = InMemoryCacheStore()
    private let scheduler = SerialQueueScheduler(label: "background")

    private func remoteLoader(_ transport: FixtureTransport) -> MainScreenLoader {
        RepositoryLoaders.fresh(transport, cache: cache, scheduler: scheduler)
    }

    private var localLoader: MainScreenLoader {
        RepositoryLoaders.cached(cache: cache, scheduler: scheduler)
    }

    @Test("over local repositories the screen is empty before the first fetch and equal to the fresh one after")
    func localMatchesRemote() async throws {
        #expect(try await localLoader.loadMainScreen().isEmpty)

        let fresh = try await remoteLoader(APIFixtures.transport()).loadMainScreen()
        let cached = try await localLoader.loadMainScreen()

        #expect(!fresh.isEmpty)
        #expect(cached == fresh)
        #expect(fresh.rankingSections.map { $0.items.map(\.id) } == [[2, 4, 1], [3, 1], [4]])
        #expect(fresh.recentCourses.map(\.progress) == [1, nil, 0.25])
        #expect(fresh.recentCourses.map(\.isFavorite) == [true, true, false])
    }

    @Test("the demo's fixtures are consistent: every ranked course exists, favourites and progress show up")
    func demoFixtures() async throws {
        let fixtures = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/demo/Fixtures", isDirectory: true)
        let screen = try await remoteLoader(FixtureTransport(directory: fixtures)).loadMainScreen()

        #expect(screen.categories.count == 4)
        #expect(screen.recentCourses.count == 6)
        #expect(screen.recommendedCourses.count == 5)
        #expect(screen.rankingSections.map(\.label) == ["Most popular", "Top rated", "Trending this week"])
        #expect(screen.rankingSections.allSatisfy { $0.items.count >= 3 })

        let rankings = try await LocalRankingRepository(cache: cache, scheduler: scheduler).rankings()
        #expect(rankings.map(\.courseIDs) == screen.rankingSections.map { $0.items.map(\.id) })

        let items = screen.recentCourses + screen.recommendedCourses + screen.rankingSections.flatMap(\.items)
        let categoryIDs = Set(screen.categories.map(\.id))
        #expect(items.allSatisfy { categoryIDs.contains($0.course.categoryID) })
        #expect(Set(items.filter(\.isFavorite).map(\.id)) == [104, 108])
        #expect(Set(items.compactMap { item in item.progress.map { _ in item.id } }) == [101, 104, 107, 109])
    }
}

import DIDemoDomain
import DIDemoInfrastructure
import DIDemoRepository
import DIDemoScheduling
import Foundation
import Testing

@Suite("Local repositories")
struct LocalRepositoryTests {
    private let cache = InMemoryCacheStore()
    private let scheduler = ImmediateScheduler()
    private var client: APIClient { APIFixtures.client(APIFixtures.transport()) }

    @Test("an empty cache gives empty lists, not errors")
    func cacheMiss() async throws {
        #expect(try await LocalCourseRepository(cache: cache, scheduler: scheduler).recentCourses(limit: 5).isEmpty)
        #expect(try await LocalCourseRepository(cache: cache, scheduler: scheduler).recommendedCourses(limit: 5).isEmpty)
        #expect(try await LocalCourseRepository(cache: cache, scheduler: scheduler).courses(ids: [1, 2]).isEmpty)
        #expect(try await LocalUserCourseRepository(cache: cache, scheduler: scheduler).userCourses(ids: [1]).isEmpty)
        #expect(try await LocalCategoryRepository(cache: cache, scheduler: scheduler).categories().isEmpty)
        #expect(try await LocalStockedCourseRepository(cache: cache, scheduler: scheduler).stockedCourses().isEmpty)
        #expect(try await LocalRankingRepository(cache: cache, scheduler: scheduler).rankings().isEmpty)
    }

    @Test("reads back what the remote repositories saved")
    func roundTrip() async throws {
        let remoteCourses = RemoteCourseRepository(apiClient: client, cache: cache, scheduler: scheduler)
        let localCourses = LocalCourseRepository(cache: cache, scheduler: scheduler)
        let remoteRecent = try await remoteCourses.recentCourses(limit: 10)
        let remoteRecommended = try await remoteCourses.recommendedCourses(limit: 10)
        #expect(try await localCourses.recentCourses(limit: 10) == remoteRecent)
        #expect(try await localCourses.recommendedCourses(limit: 10) == remoteRecommended)
        #expect(remoteRecent.count == 3)

        let remoteProgress = try await RemoteUserCourseRepository(apiClient: client, cache: cache, scheduler: scheduler).userCourses(ids: [
            1, 4,
        ])
        #expect(try await LocalUserCourseRepository(cache: cache, scheduler: scheduler).userCourses(ids: [1, 4]) == remoteProgress)

        let remoteCategories = try await RemoteCategoryRepository(apiClient: client, cache: cache, scheduler: scheduler).categories()
        #expect(try await LocalCategoryRepository(cache: cache, scheduler: scheduler).categories() == remoteCategories)

        let remoteFavourites = try await RemoteStockedCourseRepository(apiClient: client, cache: cache, scheduler: scheduler)
            .stockedCourses()
        #expect(try await LocalStockedCourseRepository(cache: cache, scheduler: scheduler).stockedCourses() == remoteFavourites)

        let remoteRankings = try await RemoteRankingRepository(apiClient: client, cache: cache, scheduler: scheduler).rankings()
        #expect(try await LocalRankingRepository(cache: cache, scheduler: scheduler).rankings() == remoteRankings)
        #expect(remoteRankings.count == 3)
    }

    @Test("recent and recommended honour the limit over the cached list")
    func limits() async throws {
        _ = try await RemoteCourseRepository(apiClient: client, cache: cache, scheduler: scheduler).recentCourses(limit: 10)
        let local = LocalCourseRepository(cache: cache, scheduler: scheduler)

        #expect(try await local.recentCourses(limit: 2).map(\.id) == [4, 2])
        #expect(try await local.recentCourses(limit: 0).isEmpty)
        #expect(try await local.recentCourses(limit: 10).map(\.id) == [4, 2, 1])
    }

    @Test("by-ids filters the cached courses, whichever call cached them, in the order of the ids")
    func byIDs() async throws {
        let remote = RemoteCourseRepository(apiClient: client, cache: cache, scheduler: scheduler)
        _ = try await remote.recentCourses(limit: 1)  // caches course 4
        _ = try await remote.recommendedCourses(limit: 1)  // caches course 3
        let local = LocalCourseRepository(cache: cache, scheduler: scheduler)

        #expect(try await local.courses(ids: [3, 1, 4, 99]).map(\.id) == [3, 4])
    }

    @Test("a corrupt entry reads as a miss")
    func corruptEntry() async throws {
        cache.saveRawData(Data("not json".utf8), forKey: "categories")
        cache.saveRawData(Data(#"{"id": "one"}"#.utf8), forKey: "course.1")

        #expect(try await LocalCategoryRepository(cache: cache, scheduler: scheduler).categories().isEmpty)
        #expect(try await LocalCourseRepository(cache: cache, scheduler: scheduler).courses(ids: [1]).isEmpty)
    }

    @Test("cache reads run on the injected scheduler")
    func readsOnScheduler() async throws {
        let recording = RecordingCacheStore()
        let background = SerialQueueScheduler(label: "background")

        _ = try await LocalCourseRepository(cache: recording, scheduler: background).recentCourses(limit: 3)
        _ = try await LocalRankingRepository(cache: recording, scheduler: background).rankings()

        #expect(recording.labels == ["background", "background"])
    }
}

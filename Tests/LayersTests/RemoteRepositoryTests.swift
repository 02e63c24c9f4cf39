import DIDemoDomain
import DIDemoInfrastructure
import DIDemoRepository
import DIDemoScheduling
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Remote repositories")
struct RemoteRepositoryTests {
    private let cache = InMemoryCacheStore()
    private let scheduler = ImmediateScheduler()

    private func courseRepository(_ transport: FixtureTransport = APIFixtures.transport()) -> RemoteCourseRepository {
        RemoteCourseRepository(apiClient: APIFixtures.client(transport), cache: cache, scheduler: scheduler)
    }

    private func query(of request: URLRequest?, _ name: String) -> String? {
        guard let url = request?.url else { return nil }
        return URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    @Test("recent courses map every field, keep the server's order and honour the limit")
    func recentCourses() async throws {
        let transport = APIFixtures.transport()
        let courses = try await courseRepository(transport).recentCourses(limit: 2)

        #expect(
            courses == [
                Course(id: 4, title: "Design Systems", instructorName: "Lea Fischer", categoryID: 2, durationMinutes: 200),
                Course(id: 2, title: "SwiftUI Layout", instructorName: "Kenji Sato", categoryID: 1, durationMinutes: 180),
            ])
        #expect(transport.requests.first?.url?.path == "/courses/recent")
        #expect(query(of: transport.requests.first, "limit") == "2")
    }

    @Test("recent and recommended courses are saved to the cache under stable keys")
    func listsSaved() async throws {
        let repository = courseRepository()
        _ = try await repository.recentCourses(limit: 2)
        _ = try await repository.recommendedCourses(limit: 10)

        #expect(cache.load([Int].self, forKey: "courses.recent").value == [4, 2])
        #expect(cache.load([Int].self, forKey: "courses.recommended").value == [3, 1])
        #expect(Set(cache.keys) == ["courses.recent", "courses.recommended", "course.4", "course.2", "course.3", "course.1"])
    }

    @Test("courses by ids come back in the order of the ids, unknown ids skipped, only those cached")
    func coursesByIDs() async throws {
        let transport = APIFixtures.transport()
        let courses = try await courseRepository(transport).courses(ids: [3, 99, 1])

        #expect(courses.map(\.id) == [3, 1])
        #expect(query(of: transport.requests.first, "ids") == "3,99,1")
        #expect(Set(cache.keys) == ["course.3", "course.1"])
    }

    @Test("no request for a zero limit or an empty id list")
    func nothingToAsk() async throws {
        let transport = APIFixtures.transport()
        let repository = courseRepository(transport)
        #expect(try await repository.recentCourses(limit: 0).isEmpty)
        #expect(try await repository.courses(ids: []).isEmpty)
        let progress = RemoteUserCourseRepository(apiClient: APIFixtures.client(transport), cache: cache, scheduler: scheduler)
        #expect(try await progress.userCourses(ids: []).isEmpty)
        #expect(transport.requests.isEmpty)
    }

    @Test("user courses are filtered to the ids asked, in their order; stale cache entries are removed")
    func userCourses() async throws {
        try cache.save(["course_id": 2, "progress": 0.9], forKey: "user-course.2")  // reset on the server since
        let repository = RemoteUserCourseRepository(
            apiClient: APIFixtures.client(APIFixtures.transport()), cache: cache, scheduler: scheduler)

        let progress = try await repository.userCourses(ids: [4, 2, 1])

        #expect(progress == [UserCourse(courseID: 4, progress: 1), UserCourse(courseID: 1, progress: 0.25)])
        #expect(Set(cache.keys) == ["user-course.4", "user-course.1"])
    }

    @Test("categories, favourites and rankings map and are saved whole")
    func allLists() async throws {
        let client = APIFixtures.client(APIFixtures.transport())

        let categories = try await RemoteCategoryRepository(apiClient: client, cache: cache, scheduler: scheduler).categories()
        let favourites = try await RemoteStockedCourseRepository(apiClient: client, cache: cache, scheduler: scheduler).stockedCourses()
        let rankings = try await RemoteRankingRepository(apiClient: client, cache: cache, scheduler: scheduler).rankings()

        #expect(categories == [Category(id: 1, name: "Programming"), Category(id: 2, name: "Design")])
        #expect(
            favourites == [
                StockedCourse(courseID: 4, stockedAt: try Date("2026-11-18T20:15:00Z", strategy: .iso8601)),
                StockedCourse(courseID: 2, stockedAt: try Date("2026-11-02T08:40:00Z", strategy: .iso8601)),
            ])
        #expect(
            rankings == [
                RankingContents(id: 10, label: "Most popular", courseIDs: [2, 4, 1]),
                RankingContents(id: 20, label: "Top rated", courseIDs: [3, 1]),
                RankingContents(id: 30, label: "Trending", courseIDs: [4]),
            ])
        #expect(Set(cache.keys) == ["categories", "stocked-courses", "rankings"])
    }

    @Test("a failed request throws the API error and caches nothing")
    func failureNotCached() async throws {
        let transport = APIFixtures.transport(failures: [
            .status(503, route: "courses/recent"), .status(500, route: "categories"),
        ])
        let client = APIFixtures.client(transport)

        await #expect(throws: APIError.self) { try await courseRepository(transport).recentCourses(limit: 3) }
        await #expect(throws: APIError.self) {
            try await RemoteCategoryRepository(apiClient: client, cache: cache, scheduler: scheduler).categories()
        }
        #expect(cache.keys.isEmpty)
    }

    @Test("an invalid record fails the call with a MappingError that says what is wrong, and caches nothing")
    func invalidRecord() async throws {
        let transport = APIFixtures.transport(overrides: [
            "user_courses": #"{"items": [{"course_id": 1, "progress": 1.5}]}"#,
            "stocked_courses": #"{"items": [{"course_id": 4, "stocked_at": "yesterday"}]}"#,
        ])
        let client = APIFixtures.client(transport)

        let progressError = await #expect(throws: MappingError.self) {
            try await RemoteUserCourseRepository(apiClient: client, cache: cache, scheduler: scheduler).userCourses(ids: [1])
        }
        #expect(progressError?.description == "Invalid user course for course 1: progress 1.5 must be between 0 and 1.")

        let dateError = await #expect(throws: MappingError.self) {
            try await RemoteStockedCourseRepository(apiClient: client, cache: cache, scheduler: scheduler).stockedCourses()
        }
        #expect(
            dateError?.description
                == #"Invalid favourite for course 4: stocked_at "yesterday" is not an ISO 8601 date-time like 2026-11-18T20:15:00Z."#)
        #expect(cache.keys.isEmpty)
    }

    @Test("a cache write failure does not fail the network result")
    func cacheWriteFailureIgnored() async throws {
        let failing = RecordingCacheStore(failsWrites: true)
        let client = APIFixtures.client(APIFixtures.transport())
        let repository = RemoteCourseRepository(apiClient: client, cache: failing, scheduler: scheduler)

        let courses = try await repository.recommendedCourses(limit: 10)
        let categories = try await RemoteCategoryRepository(apiClient: client, cache: failing, scheduler: scheduler).categories()

        #expect(courses.map(\.id) == [3, 1])
        #expect(categories.count == 2)
        #expect(failing.labels.count == 2)  // each call attempted its one write (all its entries together)
    }

    @Test("cache writes run on the injected scheduler")
    func writesOnScheduler() async throws {
        let recording = RecordingCacheStore()
        let background = SerialQueueScheduler(label: "background")
        let repository = RemoteCourseRepository(
            apiClient: APIFixtures.client(APIFixtures.transport()), cache: recording, scheduler: background)

        _ = try await repository.recentCourses(limit: 3)

        #expect(recording.labels == ["background"])  // the three courses and the id list, in one write
        #expect(recording.base.keys.count == 4)
    }
}

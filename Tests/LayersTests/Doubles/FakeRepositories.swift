import DIDemoDomain

/// A `CourseRepository` over fixed courses; `hook` runs first in every call.
struct FakeCourseRepository: CourseRepository {
    var courses = SampleCatalog.courses
    var recentIDs = SampleCatalog.recentIDs
    var recommendedIDs = SampleCatalog.recommendedIDs
    var hook: CallHook = { _ in }

    func recentCourses(limit: Int) async throws -> [Course] {
        try await hook("recentCourses")
        return Array(lookup(recentIDs).prefix(max(limit, 0)))
    }

    func recommendedCourses(limit: Int) async throws -> [Course] {
        try await hook("recommendedCourses")
        return Array(lookup(recommendedIDs).prefix(max(limit, 0)))
    }

    func courses(ids: [Int]) async throws -> [Course] {
        try await hook("courses(ids:)")
        return lookup(ids)
    }

    private func lookup(_ ids: [Int]) -> [Course] {
        ids.compactMap { id in courses.first { $0.id == id } }
    }
}

/// A `UserCourseRepository` over fixed progress records.
struct FakeUserCourseRepository: UserCourseRepository {
    var userCourses = SampleCatalog.userCourses
    var hook: CallHook = { _ in }

    func userCourses(ids: [Int]) async throws -> [UserCourse] {
        try await hook("userCourses(ids:)")
        return ids.compactMap { id in userCourses.first { $0.courseID == id } }
    }
}

/// A `CategoryRepository` over fixed categories.
struct FakeCategoryRepository: CategoryRepository {
    var categories = SampleCatalog.categories
    var hook: CallHook = { _ in }

    func categories() async throws -> [Category] {
        try await hook("categories")
        return categories
    }
}

/// A `StockedCourseRepository` over fixed favourites.
struct FakeStockedCourseRepository: StockedCourseRepository {
    var favorites = SampleCatalog.favorites
    var hook: CallHook = { _ in }

    func stockedCourses() async throws -> [StockedCourse] {
        try await hook("stockedCourses")
        return favorites
    }
}

/// A `RankingRepository` over fixed rankings.
struct FakeRankingRepository: RankingRepository {
    var rankings = SampleCatalog.rankings
    var hook: CallHook = { _ in }

    func rankings() async throws -> [RankingContents] {
        try await hook("rankings")
        return rankings
    }
}

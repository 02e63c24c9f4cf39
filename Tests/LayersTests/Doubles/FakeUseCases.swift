import UseCase

/// Builds use cases over the fake repositories, every repository sharing one hook.
enum FakeUseCases {
    /// `GetMainUseCase` over the sample catalogue (or an empty one).
    static func main(empty: Bool = false, hook: @escaping CallHook = { _ in }) -> GetMainUseCase {
        GetMainUseCase(
            courseRepository: empty
                ? FakeCourseRepository(courses: [], recentIDs: [], recommendedIDs: [], hook: hook)
                : FakeCourseRepository(hook: hook),
            userCourseRepository: FakeUserCourseRepository(userCourses: empty ? [] : SampleCatalog.userCourses, hook: hook),
            categoryRepository: FakeCategoryRepository(categories: empty ? [] : SampleCatalog.categories, hook: hook),
            stockedCourseRepository: FakeStockedCourseRepository(favorites: empty ? [] : SampleCatalog.favorites, hook: hook),
            rankingRepository: FakeRankingRepository(rankings: empty ? [] : SampleCatalog.rankings, hook: hook)
        )
    }

    /// `GetCourseDetailUseCase` over the sample catalogue.
    static func detail(hook: @escaping CallHook = { _ in }) -> GetCourseDetailUseCase {
        GetCourseDetailUseCase(
            courseRepository: FakeCourseRepository(hook: hook),
            userCourseRepository: FakeUserCourseRepository(hook: hook),
            stockedCourseRepository: FakeStockedCourseRepository(hook: hook)
        )
    }
}

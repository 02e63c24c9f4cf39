import DIDemoUseCase

/// The app's loaders over the fake repositories, every repository sharing one hook: what the
/// use-case tests exercise.
enum SampleLoaders {
    /// A `MainScreenLoader` over the sample catalogue (or an empty one).
    static func main(empty: Bool = false, hook: @escaping CallHook = { _ in }) -> MainScreenLoader {
        MainScreenLoader(
            courseRepository: empty
                ? FakeCourseRepository(courses: [], recentIDs: [], recommendedIDs: [], hook: hook)
                : FakeCourseRepository(hook: hook),
            userCourseRepository: FakeUserCourseRepository(userCourses: empty ? [] : SampleCatalog.userCourses, hook: hook),
            categoryRepository: FakeCategoryRepository(categories: empty ? [] : SampleCatalog.categories, hook: hook),
            stockedCourseRepository: FakeStockedCourseRepository(favorites: empty ? [] : SampleCatalog.favorites, hook: hook),
            rankingRepository: FakeRankingRepository(rankings: empty ? [] : SampleCatalog.rankings, hook: hook)
        )
    }

    /// A `CourseDetailLoader` over the sample catalogue.
    static func detail(hook: @escaping CallHook = { _ in }) -> CourseDetailLoader {
        CourseDetailLoader(
            courseRepository: FakeCourseRepository(hook: hook),
            userCourseRepository: FakeUserCourseRepository(hook: hook),
            stockedCourseRepository: FakeStockedCourseRepository(hook: hook)
        )
    }
}

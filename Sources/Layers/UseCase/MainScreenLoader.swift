import Domain

/// Builds the main screen: categories, recent and recommended courses and the ranking sections,
/// each course joined with the user's progress and favourite state.
///
/// The favourites are read first (every course needs them); then the four parts are fetched
/// concurrently with `async let`, and the ranking sections concurrently with a task group that
/// keeps the server's section order. Cancelling the calling task cancels every part, and the first
/// failing part fails the whole screen (the others are cancelled).
///
/// The loader only sees repository protocols, so the same type runs over the remote
/// repositories (the fresh screen) and the local ones (the cached screen):
///
/// ```swift
/// let fresh = MainScreenLoader(
///     courseRepository: RemoteCourseRepository(apiClient: client, cache: cache, scheduler: background),
///     userCourseRepository: …, categoryRepository: …,
///     stockedCourseRepository: …, rankingRepository: …)
/// let screen = try await fresh.loadMainScreen()
/// ```
public struct MainScreenLoader: MainScreenLoading {
    /// How many recent courses the screen shows unless told otherwise.
    public static let defaultRecentLimit = 10
    /// How many recommended courses the screen shows unless told otherwise.
    public static let defaultRecommendedLimit = 10

    private let courseRepository: any CourseRepository
    private let userCourseRepository: any UserCourseRepository
    private let categoryRepository: any CategoryRepository
    private let stockedCourseRepository: any StockedCourseRepository
    private let rankingRepository: any RankingRepository
    private let recentLimit: Int
    private let recommendedLimit: Int

    /// Creates the loader over the given repositories.
    ///
    /// - Parameters:
    ///   - courseRepository: Recent, recommended and ranked courses.
    ///   - userCourseRepository: The user's progress.
    ///   - categoryRepository: The categories.
    ///   - stockedCourseRepository: The user's favourites.
    ///   - rankingRepository: The ranking sections.
    ///   - recentLimit: How many recent courses to show.
    ///   - recommendedLimit: How many recommended courses to show.
    public init(
        courseRepository: any CourseRepository,
        userCourseRepository: any UserCourseRepository,
        categoryRepository: any CategoryRepository,
        stockedCourseRepository: any StockedCourseRepository,
        rankingRepository: any RankingRepository,
        recentLimit: Int = MainScreenLoader.defaultRecentLimit,
        recommendedLimit: Int = MainScreenLoader.defaultRecommendedLimit
    ) {
        self.courseRepository = courseRepository
        self.userCourseRepository = userCourseRepository
        self.categoryRepository = categoryRepository
        self.stockedCourseRepository = stockedCourseRepository
        self.rankingRepository = rankingRepository
        self.recentLimit = recentLimit
        self.recommendedLimit = recommendedLimit
    }

    /// Builds the main screen.
    ///
    /// - Returns: The screen; with local repositories over an empty cache, an empty screen
    ///   (`MainScreen.isEmpty`).
    /// - Throws: The first error of any repository, or `CancellationError` when the calling task
    ///   is cancelled.
    public func loadMainScreen() async throws -> MainScreen {
        let favorites = try await stockedCourseRepository.stockedCourses()
        try Task.checkCancellation()
        let join = CourseItems(userCourseRepository: userCourseRepository, favoriteIDs: Set(favorites.map(\.courseID)))

        async let categories = categoryRepository.categories()
        async let recent = recentItems(join)
        async let recommended = recommendedItems(join)
        async let rankings = rankingSections(join)

        return try await MainScreen(
            categories: categories,
            recentCourses: recent,
            recommendedCourses: recommended,
            rankingSections: rankings
        )
    }

    private func recentItems(_ join: CourseItems) async throws -> [CourseItem] {
        try await join.items(for: courseRepository.recentCourses(limit: recentLimit))
    }

    private func recommendedItems(_ join: CourseItems) async throws -> [CourseItem] {
        try await join.items(for: courseRepository.recommendedCourses(limit: recommendedLimit))
    }

    /// Resolves every ranking concurrently; the result keeps the rankings' order.
    private func rankingSections(_ join: CourseItems) async throws -> [RankingSection] {
        let rankings = try await rankingRepository.rankings()
        let courseRepository = courseRepository
        return try await withThrowingTaskGroup(of: (Int, RankingSection).self) { group in
            for (index, ranking) in rankings.enumerated() {
                group.addTask {
                    let courses = try await courseRepository.courses(ids: ranking.courseIDs)
                    let items = try await join.items(for: courses)
                    return (index, RankingSection(id: ranking.id, label: ranking.label, items: items))
                }
            }
            var sections = [RankingSection?](repeating: nil, count: rankings.count)
            for try await (index, section) in group {
                sections[index] = section
            }
            return sections.compactMap { $0 }
        }
    }
}

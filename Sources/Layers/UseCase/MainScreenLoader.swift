import DIDemoDomain

/// Builds the main screen: categories, recent and recommended courses and the ranking sections,
/// each course joined with the user's progress and favourite state.
///
/// The favourites are read first (every course needs them); then the four parts are fetched
/// concurrently with `async let`. Cancelling the calling task cancels every part, and the first
/// failing part fails the whole screen (the others are cancelled).
///
/// The ranking sections are not fetched one request per ranking — a server sending thousands of
/// rankings would make the screen send thousands of requests at once. Their course ids are
/// gathered (each id once), split into batches of at most `idBatchSize`, and each batch's courses
/// and progress are fetched with at most `maxConcurrentBatches` batches in flight; the sections
/// then keep the server's order and each section its course order.
///
/// Given a `CacheTransaction`, the whole screen is built inside it, so the remote repositories'
/// cache writes land together when the screen succeeds and not at all when any part fails: the
/// cached screen is never a mixture of two refreshes.
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
    /// The most course ids of the ranking sections asked for in one request, unless told otherwise.
    public static let defaultIDBatchSize = 50
    /// The most batches of ranking courses fetched at the same time, unless told otherwise.
    public static let defaultMaxConcurrentBatches = 4

    private let courseRepository: any CourseRepository
    private let userCourseRepository: any UserCourseRepository
    private let categoryRepository: any CategoryRepository
    private let stockedCourseRepository: any StockedCourseRepository
    private let rankingRepository: any RankingRepository
    private let recentLimit: Int
    private let recommendedLimit: Int
    private let idBatchSize: Int
    private let maxConcurrentBatches: Int
    private let cacheTransaction: (any CacheTransaction)?

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
    ///   - idBatchSize: The most ranking course ids asked for in one request; at least 1.
    ///   - maxConcurrentBatches: The most batches of ranking courses in flight; at least 1.
    ///   - cacheTransaction: Groups the repositories' cache writes of one screen; `nil` (the
    ///     default, and right over local repositories) runs without one.
    public init(
        courseRepository: any CourseRepository,
        userCourseRepository: any UserCourseRepository,
        categoryRepository: any CategoryRepository,
        stockedCourseRepository: any StockedCourseRepository,
        rankingRepository: any RankingRepository,
        recentLimit: Int = MainScreenLoader.defaultRecentLimit,
        recommendedLimit: Int = MainScreenLoader.defaultRecommendedLimit,
        idBatchSize: Int = MainScreenLoader.defaultIDBatchSize,
        maxConcurrentBatches: Int = MainScreenLoader.defaultMaxConcurrentBatches,
        cacheTransaction: (any CacheTransaction)? = nil
    ) {
        self.courseRepository = courseRepository
        self.userCourseRepository = userCourseRepository
        self.categoryRepository = categoryRepository
        self.stockedCourseRepository = stockedCourseRepository
        self.rankingRepository = rankingRepository
        self.recentLimit = recentLimit
        self.recommendedLimit = recommendedLimit
        self.idBatchSize = max(1, idBatchSize)
        self.maxConcurrentBatches = max(1, maxConcurrentBatches)
        self.cacheTransaction = cacheTransaction
    }

    /// Builds the main screen.
    ///
    /// - Returns: The screen; with local repositories over an empty cache, an empty screen
    ///   (`MainScreen.isEmpty`).
    /// - Throws: The first error of any repository, or `CancellationError` when the calling task
    ///   is cancelled.
    public func loadMainScreen() async throws -> MainScreen {
        guard let cacheTransaction else { return try await screen() }
        return try await cacheTransaction.withTransaction { try await screen() }
    }

    private func screen() async throws -> MainScreen {
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

    /// The ranking sections, their courses fetched in batches of ids (see the type's discussion).
    private func rankingSections(_ join: CourseItems) async throws -> [RankingSection] {
        let rankings = try await rankingRepository.rankings()
        var seen = Set<Int>()
        let ids = rankings.flatMap(\.courseIDs).filter { seen.insert($0).inserted }
        let batches = stride(from: 0, to: ids.count, by: idBatchSize).map {
            Array(ids[$0..<min($0 + idBatchSize, ids.count)])
        }
        let courseRepository = courseRepository
        var itemsByID: [Int: CourseItem] = [:]
        try await withThrowingTaskGroup(of: [CourseItem].self) { group in
            var pending = batches[...]
            func startNext() {
                guard let batch = pending.popFirst() else { return }
                group.addTask { try await join.items(for: courseRepository.courses(ids: batch)) }
            }
            for _ in 0..<maxConcurrentBatches { startNext() }
            while let items = try await group.next() {
                for item in items { itemsByID[item.id] = item }
                startNext()
            }
        }
        return rankings.map { ranking in
            RankingSection(id: ranking.id, label: ranking.label, items: ranking.courseIDs.compactMap { itemsByID[$0] })
        }
    }
}

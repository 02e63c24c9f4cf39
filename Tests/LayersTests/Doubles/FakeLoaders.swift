import DIDemoUseCase

/// A `MainScreenLoading` that answers with whatever its closure does: a fixed screen, an error,
/// or a wait — what the presenter tests need instead of a use case over five repositories.
struct FakeMainScreenLoader: MainScreenLoading {
    let load: @Sendable () async throws -> MainScreen

    init(_ load: @escaping @Sendable () async throws -> MainScreen) {
        self.load = load
    }

    /// A loader that always returns `screen`.
    static func returning(_ screen: MainScreen) -> FakeMainScreenLoader {
        FakeMainScreenLoader { screen }
    }

    /// A loader that always throws `error`.
    static func failing(_ error: any Error) -> FakeMainScreenLoader {
        FakeMainScreenLoader { throw error }
    }

    func loadMainScreen() async throws -> MainScreen {
        try await load()
    }
}

/// A `CourseDetailLoading` over the sample catalogue's courses, or one that throws `error`.
struct FakeCourseDetailLoader: CourseDetailLoading {
    var error: (any Error)?

    func loadCourse(id: Int) async throws -> CourseItem {
        if let error { throw error }
        guard let course = SampleCatalog.course(id) else { throw CourseNotFound(courseID: id) }
        return CourseItem(course: course, progress: nil, isFavorite: false)
    }
}

/// Main screens for the presenter tests.
enum SampleScreens {
    /// A screen as the cache holds it.
    static let cached = screen(recentIDs: [5, 3, 1])
    /// A newer screen, as the network answers.
    static let fresh = screen(recentIDs: [2, 4])
    /// What an empty cache gives.
    static let empty = MainScreen(categories: [], recentCourses: [], recommendedCourses: [], rankingSections: [])

    private static func screen(recentIDs: [Int]) -> MainScreen {
        MainScreen(
            categories: SampleCatalog.categories,
            recentCourses: recentIDs.compactMap(SampleCatalog.course).map { CourseItem(course: $0, progress: nil, isFavorite: false) },
            recommendedCourses: [],
            rankingSections: []
        )
    }
}

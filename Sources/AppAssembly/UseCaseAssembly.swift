import DIContainer
import DIDemoDomain
import DIDemoUseCase

/// Registers the use cases under the protocols presenters depend on: `MainScreenLoading`
/// unnamed (a `MainScreenLoader` over the remote repositories) and under `.local` (over the
/// local ones), and `CourseDetailLoading` (a `CourseDetailLoader` over the remote repositories).
/// The remote ones run inside the `CacheTransaction`, so each refresh writes the cache as one
/// generation.
///
/// ```swift
/// let fresh = try container.resolve((any MainScreenLoading).self)
/// let cached = try container.resolve((any MainScreenLoading).self, name: .local)
/// ```
public struct UseCaseAssembly: Assembly {
    /// Creates the assembly.
    public init() {}

    /// What it needs from others: the repositories, remote and local (`RepositoryAssembly`).
    public var requirements: [AssemblyRequirement] {
        [.service((any CourseRepository).self), .service((any CourseRepository).self, name: .local)]
    }

    /// Registers `MainScreenLoading` (unnamed and `.local`) and `CourseDetailLoading`.
    ///
    /// - Parameter container: The container to register into.
    public func assemble(into container: Container) {
        container.register((any MainScreenLoading).self) { r in
            try Self.mainScreenLoader(r, repositories: nil)
        }
        container.register((any MainScreenLoading).self, name: .local) { r in
            try Self.mainScreenLoader(r, repositories: .local)
        }
        container.register(
            (any CourseDetailLoading).self,
            initializer: {
                (
                    courses: any CourseRepository, progress: any UserCourseRepository, favorites: any StockedCourseRepository,
                    transaction: any CacheTransaction
                ) -> any CourseDetailLoading in
                CourseDetailLoader(
                    courseRepository: courses, userCourseRepository: progress, stockedCourseRepository: favorites,
                    cacheTransaction: transaction)
            })
    }

    /// A `MainScreenLoader` over the repositories registered under `name`.
    private static func mainScreenLoader(_ r: any Resolver, repositories name: Name?) throws -> any MainScreenLoading {
        MainScreenLoader(
            courseRepository: try r.resolve((any CourseRepository).self, name: name),
            userCourseRepository: try r.resolve((any UserCourseRepository).self, name: name),
            categoryRepository: try r.resolve((any CategoryRepository).self, name: name),
            stockedCourseRepository: try r.resolve((any StockedCourseRepository).self, name: name),
            rankingRepository: try r.resolve((any RankingRepository).self, name: name),
            // The fresh screen writes the cache as one generation; the cached one writes nothing.
            cacheTransaction: name == nil ? try r.resolve((any CacheTransaction).self) : nil)
    }
}

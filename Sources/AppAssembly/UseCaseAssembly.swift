import DIContainer
import Domain
import UseCase

/// Registers the use cases: `GetMainUseCase` unnamed over the remote repositories and under
/// `.local` over the local ones, and `GetCourseDetailUseCase` over the remote repositories. The
/// remote ones run inside the `CacheTransaction`, so each refresh writes the cache as one
/// generation.
///
/// ```swift
/// let fresh = try container.resolve(GetMainUseCase.self)
/// let cached = try container.resolve(GetMainUseCase.self, name: .local)
/// ```
public struct UseCaseAssembly: Assembly {
    /// Creates the assembly.
    public init() {}

    /// Registers `GetMainUseCase` (unnamed and `.local`) and `GetCourseDetailUseCase`.
    ///
    /// - Parameter container: The container to register into.
    public func assemble(into container: Container) {
        container.register(GetMainUseCase.self) { r in
            try Self.mainUseCase(r, repositories: nil)
        }
        container.register(GetMainUseCase.self, name: .local) { r in
            try Self.mainUseCase(r, repositories: .local)
        }
        container.register(GetCourseDetailUseCase.self) { r in
            GetCourseDetailUseCase(
                courseRepository: try r.resolve((any CourseRepository).self),
                userCourseRepository: try r.resolve((any UserCourseRepository).self),
                stockedCourseRepository: try r.resolve((any StockedCourseRepository).self),
                cacheTransaction: try r.resolve((any CacheTransaction).self))
        }
    }

    /// A `GetMainUseCase` over the repositories registered under `name`.
    private static func mainUseCase(_ r: any Resolver, repositories name: Name?) throws -> GetMainUseCase {
        GetMainUseCase(
            courseRepository: try r.resolve((any CourseRepository).self, name: name),
            userCourseRepository: try r.resolve((any UserCourseRepository).self, name: name),
            categoryRepository: try r.resolve((any CategoryRepository).self, name: name),
            stockedCourseRepository: try r.resolve((any StockedCourseRepository).self, name: name),
            rankingRepository: try r.resolve((any RankingRepository).self, name: name),
            // The fresh screen writes the cache as one generation; the cached one writes nothing.
            cacheTransaction: name == nil ? try r.resolve((any CacheTransaction).self) : nil)
    }
}

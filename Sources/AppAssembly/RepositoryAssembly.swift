import DIContainer
import DIDemoDomain
import DIDemoInfrastructure
import DIDemoRepository
import DIDemoScheduling

/// Registers every repository protocol twice: the remote implementation unnamed, the local
/// (cache-backed) one under `.local`. All of them run their blocking work on the `.background`
/// scheduler, which is why they are factories rather than auto-wired initializers (auto-wiring
/// resolves every parameter unnamed).
///
/// ```swift
/// let remote = try container.resolve((any CourseRepository).self)
/// let cached = try container.resolve((any CourseRepository).self, name: .local)
/// ```
public struct RepositoryAssembly: Assembly {
    /// Creates the assembly.
    public init() {}

    /// What it needs from others: the API client and cache (`InfrastructureAssembly`) and the
    /// background scheduler (`SchedulingAssembly`).
    public var requirements: [AssemblyRequirement] {
        [.service(APIClient.self), .service((any CacheStore).self), .service((any Scheduler).self, name: .background)]
    }

    /// Registers the course, user-course, category, favourite (stocked course) and ranking
    /// repositories, remote and local, and the `CacheTransaction` that makes a refresh write
    /// the cache as one generation.
    ///
    /// - Parameter container: The container to register into.
    public func assemble(into container: Container) {
        register(
            container, (any CourseRepository).self,
            remote: RemoteCourseRepository.init, local: LocalCourseRepository.init)
        register(
            container, (any UserCourseRepository).self,
            remote: RemoteUserCourseRepository.init, local: LocalUserCourseRepository.init)
        register(
            container, (any CategoryRepository).self,
            remote: RemoteCategoryRepository.init, local: LocalCategoryRepository.init)
        register(
            container, (any StockedCourseRepository).self,
            remote: RemoteStockedCourseRepository.init, local: LocalStockedCourseRepository.init)
        register(
            container, (any RankingRepository).self,
            remote: RemoteRankingRepository.init, local: LocalRankingRepository.init)
        container.register((any CacheTransaction).self) { r in
            CacheRefresh(cache: try r.resolve((any CacheStore).self), scheduler: try r.resolve((any Scheduler).self, name: .background))
        }
    }

    /// Registers one repository protocol: `remote` unnamed, `local` under `.local`, both on the
    /// `.background` scheduler.
    private func register<Repository: Sendable>(
        _ container: Container, _ type: Repository.Type,
        remote: @escaping @Sendable (APIClient, any CacheStore, any Scheduler) -> Repository,
        local: @escaping @Sendable (any CacheStore, any Scheduler) -> Repository,
        file: StaticString = #fileID, line: Int = #line
    ) {
        container.register(type, file: file, line: line) { r in
            remote(
                try r.resolve(APIClient.self),
                try r.resolve((any CacheStore).self),
                try r.resolve((any Scheduler).self, name: .background))
        }
        container.register(type, name: .local, file: file, line: line) { r in
            local(try r.resolve((any CacheStore).self), try r.resolve((any Scheduler).self, name: .background))
        }
    }
}

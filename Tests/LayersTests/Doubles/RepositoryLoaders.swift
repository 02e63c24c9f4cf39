import DIDemoDomain
import DIDemoInfrastructure
import DIDemoRepository
import DIDemoScheduling
import DIDemoUseCase

/// `MainScreenLoader` over the real repositories, sharing one cache: the fresh screen over the
/// remote ones, the cached screen over the local ones.
enum RepositoryLoaders {
    /// The fresh screen over `transport`, saving to `cache`; inside `cacheTransaction` if given.
    static func fresh(
        _ transport: FixtureTransport, cache: any CacheStore, scheduler: any Scheduler,
        cacheTransaction: (any CacheTransaction)? = nil
    ) -> MainScreenLoader {
        let client = APIFixtures.client(transport)
        return MainScreenLoader(
            courseRepository: RemoteCourseRepository(apiClient: client, cache: cache, scheduler: scheduler),
            userCourseRepository: RemoteUserCourseRepository(apiClient: client, cache: cache, scheduler: scheduler),
            categoryRepository: RemoteCategoryRepository(apiClient: client, cache: cache, scheduler: scheduler),
            stockedCourseRepository: RemoteStockedCourseRepository(apiClient: client, cache: cache, scheduler: scheduler),
            rankingRepository: RemoteRankingRepository(apiClient: client, cache: cache, scheduler: scheduler),
            cacheTransaction: cacheTransaction
        )
    }

    /// The cached screen, read from `cache`.
    static func cached(cache: any CacheStore, scheduler: any Scheduler) -> MainScreenLoader {
        MainScreenLoader(
            courseRepository: LocalCourseRepository(cache: cache, scheduler: scheduler),
            userCourseRepository: LocalUserCourseRepository(cache: cache, scheduler: scheduler),
            categoryRepository: LocalCategoryRepository(cache: cache, scheduler: scheduler),
            stockedCourseRepository: LocalStockedCourseRepository(cache: cache, scheduler: scheduler),
            rankingRepository: LocalRankingRepository(cache: cache, scheduler: scheduler)
        )
    }
}

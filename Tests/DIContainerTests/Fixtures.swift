import DIContainer

// Small service graphs shared by the container tests.

protocol Service: AnyObject, Sendable {}
protocol Dependency: Sendable {}

final class ServiceImpl: Service {
    let dependency: any Dependency
    init(dependency: any Dependency) { self.dependency = dependency }
}

final class DependencyImpl: Dependency {}

struct ValueService: Sendable, Equatable {
    var count: Int
}

protocol CacheStore: Sendable {}
final class MemoryCache: CacheStore {}
protocol CourseRepository: Sendable {}
final class LocalCourseRepository: CourseRepository {
    init(cache: any CacheStore) {}
}
final class GetMainUseCase: Sendable {
    init(repository: any CourseRepository) {}
}
final class MainPresenter: Sendable {
    init(useCase: GetMainUseCase) {}
}

final class CycleA: Sendable { init(b: CycleB) {} }
final class CycleB: Sendable { init(a: CycleA) {} }

struct FactoryError: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

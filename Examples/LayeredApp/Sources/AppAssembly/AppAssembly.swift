import DIContainer
import Domain
import Infrastructure
import Presentation
import Repository
import Scheduling
import UseCase

/// Registers every layer: the one place that knows the concrete types.
public struct AppAssembly: Assembly {
    /// Makes the assembly.
    public init() {}

    /// Registers the transport and scheduler (one each), the repository, the use case and the
    /// presenter.
    public func assemble(into container: Container) {
        container.register((any Transport).self, lifetime: .singleton) { _ in FixtureTransport() }
        container.register((any Scheduler).self, lifetime: .singleton) { _ in ImmediateScheduler() }
        container.register((any CourseRepository).self) { r in
            RemoteCourseRepository(transport: try r.resolve((any Transport).self))
        }
        container.register(GetCoursesUseCase.self) { r in
            GetCoursesUseCase(repository: try r.resolve((any CourseRepository).self))
        }
        container.register(CoursesPresenter.self) { r in
            CoursesPresenter(
                useCase: try r.resolve(GetCoursesUseCase.self), scheduler: try r.resolve((any Scheduler).self))
        }
    }
}

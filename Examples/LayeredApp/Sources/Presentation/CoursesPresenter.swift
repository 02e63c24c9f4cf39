import Scheduling
import UseCase

/// Loads the course titles and delivers them, or the error, on its scheduler.
public struct CoursesPresenter: Sendable {
    private let useCase: GetCoursesUseCase
    private let scheduler: any Scheduler

    /// Loads through `useCase` and delivers on `scheduler`.
    public init(useCase: GetCoursesUseCase, scheduler: any Scheduler) {
        self.useCase = useCase
        self.scheduler = scheduler
    }

    /// Loads the titles and hands the result to `show` on the scheduler.
    public func load(_ show: @escaping @Sendable (Result<[String], any Error>) -> Void) {
        let result = Result { try useCase.titles() }
        scheduler.run { show(result) }
    }
}

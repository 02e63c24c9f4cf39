import DIContainer
import DIDemoPresentation
import DIDemoScheduling
import DIDemoUseCase

/// Registers the presenters, both transient and both delivering on the main (unnamed)
/// scheduler: `MainPresenter` over the cached (`.local`) and fresh `MainScreenLoading`, and
/// `CourseDetailPresenter`, whose course id is a runtime argument.
///
/// `CourseDetailPresenter` is auto-wired with `argument:initializer:`, so `validate()` checks
/// its dependencies although the id is only known when a screen opens.
///
/// The presenters are `Sendable` and nonisolated — they hand every update to their scheduler,
/// and the (`@MainActor`) views receive it on the main actor — so they are registered with
/// `register` and can be built on any thread. A `@MainActor` view model would be registered with
/// `registerMainActor` instead.
///
/// ```swift
/// let detail = try container.resolve(CourseDetailPresenter.self, arguments: 42)
/// ```
public struct PresentationAssembly: Assembly {
    /// Creates the assembly.
    public init() {}

    /// What it needs from others: the use cases (`UseCaseAssembly`) and the main scheduler
    /// (`SchedulingAssembly`).
    public var requirements: [AssemblyRequirement] {
        [
            .service((any MainScreenLoading).self), .service((any MainScreenLoading).self, name: .local),
            .service((any CourseDetailLoading).self), .service((any Scheduler).self),
        ]
    }

    /// Registers `MainPresenter` and `CourseDetailPresenter` (argument: `Int`).
    ///
    /// - Parameter container: The container to register into.
    public func assemble(into container: Container) {
        container.register(MainPresenter.self) { r in
            MainPresenter(
                cached: try r.resolve((any MainScreenLoading).self, name: .local),
                fresh: try r.resolve((any MainScreenLoading).self),
                scheduler: try r.resolve((any Scheduler).self))
        }
        container.register(CourseDetailPresenter.self, argument: Int.self, initializer: CourseDetailPresenter.init)
    }
}

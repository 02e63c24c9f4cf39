import DIContainer
import DIDemoPresentation

/// Builds presenters, each with the scheduler it delivers on, by resolving them from a container
/// at call time — so the test overrides in effect (`Container.withOverrides`) apply.
///
/// ```swift
/// let presenter = try PresenterFactory().makeMainPresenter()
/// presenter.attach(view)
/// presenter.viewWillAppear()
/// ```
public struct PresenterFactory: Sendable {
    /// The container presenters are resolved from.
    public let container: Container

    /// Creates a factory.
    ///
    /// - Parameter container: Where to resolve presenters from; `Container.shared` by default.
    public init(container: Container = .shared) {
        self.container = container
    }

    /// A new main-screen presenter.
    ///
    /// - Returns: A `MainPresenter` over the cached and fresh `MainScreenLoading`.
    /// - Throws: `ResolutionError` when the app is not assembled or a dependency fails.
    public func makeMainPresenter() throws -> MainPresenter {
        try container.resolve(MainPresenter.self)
    }

    /// A new presenter of one course's detail screen.
    ///
    /// - Parameter courseID: The course to show, passed as the registration's runtime argument.
    /// - Returns: A `CourseDetailPresenter` for `courseID`.
    /// - Throws: `ResolutionError` when the app is not assembled or a dependency fails.
    public func makeCourseDetailPresenter(courseID: Int) throws -> CourseDetailPresenter {
        try container.resolve(CourseDetailPresenter.self, arguments: courseID)
    }
}

import UseCase

/// What `CourseDetailPresenter` drives: the course detail screen's view.
///
/// The presenter calls these methods only through its scheduler, on the main actor, and holds the
/// view weakly; a main-actor view class adopts the protocol as it is.
///
/// ```swift
/// final class CourseDetailViewController: UIViewController, CourseDetailView { … }
/// ```
@MainActor
public protocol CourseDetailView: AnyObject, Sendable {
    /// Shows or hides the loading indicator.
    ///
    /// - Parameter isLoading: `true` while the course is being fetched.
    func setLoading(_ isLoading: Bool)

    /// Shows the course with its progress and favourite state.
    ///
    /// - Parameter course: The course to show.
    func show(_ course: CourseItem)

    /// Reports that the course could not be shown (unknown id, network failure, …).
    ///
    /// - Parameter message: A sentence saying what went wrong, ready to display.
    func showError(_ message: String)
}

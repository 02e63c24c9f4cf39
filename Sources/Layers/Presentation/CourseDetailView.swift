import DIDemoUseCase

/// What `CourseDetailPresenter` drives: the course detail screen's view.
///
/// Besides `LoadingView`'s indicator and error message (an unknown id, a network failure), it
/// shows the course. The presenter calls these methods only through its scheduler, on the main
/// actor, and holds the view weakly; a main-actor view class adopts the protocol as it is.
///
/// ```swift
/// final class CourseDetailViewController: UIViewController, CourseDetailView { … }
/// ```
@MainActor
public protocol CourseDetailView: LoadingView {
    /// Shows the course with its progress and favourite state.
    ///
    /// - Parameter course: The course to show.
    func show(_ course: CourseItem)
}

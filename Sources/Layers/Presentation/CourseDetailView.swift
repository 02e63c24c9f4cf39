import UseCase

/// What `CourseDetailPresenter` drives: the course detail screen's view.
///
/// Besides `LoadingView`'s indicator and error message (an unknown id, a network failure), it
/// shows the course.
///
/// ```swift
/// final class CourseDetailViewController: UIViewController, CourseDetailView { … }
/// ```
public protocol CourseDetailView: LoadingView {
    /// Shows the course with its progress and favourite state.
    ///
    /// - Parameter course: The course to show.
    func show(_ course: CourseItem)
}

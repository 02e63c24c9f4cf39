/// What every screen driven by a presenter shows besides its content: a loading indicator and
/// an error message. `MainView` and `CourseDetailView` refine it.
///
/// The presenter calls these methods only through its scheduler (the main queue in the app), and
/// on the main actor, so a main-actor view class — a `UIViewController` subclass, say — adopts it
/// as it is and may touch UI state directly. The presenter holds the view weakly.
///
/// ```swift
/// extension MainViewController: LoadingView {
///     func setLoading(_ isLoading: Bool) { spinner.isHidden = !isLoading }
///     func showError(_ message: String) { banner.show(message) }
/// }
/// ```
@MainActor
public protocol LoadingView: AnyObject, Sendable {
    /// Shows or hides the loading indicator.
    ///
    /// - Parameter isLoading: `true` while the screen's content is being fetched.
    func setLoading(_ isLoading: Bool)

    /// Reports that the content could not be fetched; what is shown stays.
    ///
    /// - Parameter message: A sentence saying what went wrong, ready to display.
    func showError(_ message: String)
}

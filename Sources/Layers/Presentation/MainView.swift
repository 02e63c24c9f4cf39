import UseCase

/// What `MainPresenter` drives: the main screen's view.
///
/// Besides `LoadingView`'s indicator and error message, it shows the screen — first the cached
/// one, then the fresh one.
///
/// ```swift
/// final class MainViewController: UIViewController, MainView { … }
/// ```
public protocol MainView: LoadingView {
    /// Shows `screen`, replacing what was shown.
    ///
    /// - Parameters:
    ///   - screen: The main screen to show.
    ///   - source: Whether it comes from the cache (first, possibly stale) or the network.
    func show(_ screen: MainScreen, source: ScreenSource)
}

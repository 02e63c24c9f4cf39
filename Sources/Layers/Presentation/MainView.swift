import DIDemoUseCase

/// What `MainPresenter` drives: the main screen's view.
///
/// Besides `LoadingView`'s indicator and error message, it shows the screen — first the cached
/// one, then the fresh one. The presenter calls these methods only through its scheduler (the
/// main queue in the app), and on the main actor, so a main-actor view class adopts the protocol
/// as it is — a `UIViewController` subclass, say — and may touch UI state directly. The presenter
/// holds the view weakly.
///
/// ```swift
/// final class MainViewController: UIViewController, MainView { … }   // @MainActor, as UIKit is
/// ```
@MainActor
public protocol MainView: LoadingView {
    /// Shows `screen`, replacing what was shown.
    ///
    /// - Parameters:
    ///   - screen: The main screen to show.
    ///   - source: Whether it comes from the cache (first, possibly stale) or the network.
    func show(_ screen: MainScreen, source: ScreenSource)
}

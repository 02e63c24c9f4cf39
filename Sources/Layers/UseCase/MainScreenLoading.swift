/// Something that loads the main screen: what `MainPresenter` needs, twice — once over the cache,
/// once over the network.
///
/// `MainScreenLoader` is the app's implementation; a test passes any conforming value, such as
/// one that returns a fixed screen.
///
/// ```swift
/// struct FixedScreen: MainScreenLoading {
///     let screen: MainScreen
///     func loadMainScreen() async throws -> MainScreen { screen }
/// }
/// ```
public protocol MainScreenLoading: Sendable {
    /// Loads the main screen.
    ///
    /// - Returns: The screen; an empty one (`MainScreen.isEmpty`) when there is nothing to show.
    /// - Throws: Why the screen could not be loaded, or `CancellationError`.
    func loadMainScreen() async throws -> MainScreen
}

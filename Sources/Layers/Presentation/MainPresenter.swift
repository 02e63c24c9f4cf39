import DIDemoScheduling
import DIDemoUseCase

/// Drives the main screen: the cached screen first, then the fresh one.
///
/// `load()` turns the loading indicator on, shows the screen `cached` loads (skipped when it is
/// empty or cannot be read), then shows the screen `fresh` loads, or — when that fails — keeps
/// what is shown and reports the error. Every view call goes through `scheduler`, in that order;
/// the presenter never calls the view directly. The view is held weakly and read when each
/// update is delivered, so updates for a view that has gone away are dropped.
///
/// ```swift
/// let presenter = MainPresenter(cached: cacheLoader, fresh: networkLoader,
///                               scheduler: MainQueueScheduler())
/// presenter.attach(viewController)
/// presenter.viewWillAppear()
/// ```
public final class MainPresenter: Sendable {
    private let cached: any MainScreenLoading
    private let fresh: any MainScreenLoading
    private let channel: ViewChannel<any MainView>

    /// Creates the presenter.
    ///
    /// - Parameters:
    ///   - cached: Loads the screen from the cache: shown first, at once.
    ///   - fresh: Loads the screen from the network: shown when it arrives.
    ///   - scheduler: Where every view update is delivered (the main queue in the app).
    public init(cached: any MainScreenLoading, fresh: any MainScreenLoading, scheduler: any Scheduler) {
        self.cached = cached
        self.fresh = fresh
        channel = ViewChannel(scheduler: scheduler)
    }

    /// Sets the view to drive, held weakly; replaces any earlier one.
    ///
    /// - Parameter view: The main screen's view.
    public func attach(_ view: any MainView) {
        channel.attach(view)
    }

    /// Starts `load()` in a new task, cancelling a load still running from an earlier call.
    ///
    /// - Returns: The task running the load; callers may ignore it or await `value`.
    @discardableResult
    public func viewWillAppear() -> Task<Void, Never> {
        channel.restart { await self.load() }
    }

    /// Shows the cached screen, then the fresh one (or the error), as described above.
    ///
    /// A cache that cannot be read counts as empty: the fresh screen follows anyway. Cancellation
    /// is not reported as an error; the loading indicator is turned off in every case.
    public func load() async {
        await channel.load {
            if let screen = try? await cached.loadMainScreen(), !screen.isEmpty {
                channel.deliver { $0.show(screen, source: .cache) }
            }
            let screen = try await fresh.loadMainScreen()
            channel.deliver { $0.show(screen, source: .network) }
        } failure: { error in
            "Couldn't refresh the courses: \(error)"
        }
    }
}

import Scheduling
import UseCase

/// Drives the main screen: the cached screen first, then the fresh one.
///
/// `load()` turns the loading indicator on, shows the screen read from the cache (skipped when
/// the cache holds nothing), then fetches the fresh screen and shows it, or — when that fails —
/// keeps what is shown and reports the error. Every view call goes through `scheduler`, in that
/// order; the presenter never calls the view directly. The view is held weakly and read when each
/// update is delivered, so updates for a view that has gone away are dropped.
///
/// ```swift
/// let presenter = MainPresenter(getMainUseCase: remote, localGetMainUseCase: local,
///                               scheduler: MainQueueScheduler())
/// presenter.attach(viewController)
/// presenter.viewWillAppear()
/// ```
public final class MainPresenter: Sendable {
    private let getMainUseCase: GetMainUseCase
    private let localGetMainUseCase: GetMainUseCase
    private let channel: ViewChannel<any MainView>

    /// Creates the presenter.
    ///
    /// - Parameters:
    ///   - getMainUseCase: Builds the fresh screen (over the remote repositories).
    ///   - localGetMainUseCase: Builds the cached screen (over the local repositories).
    ///   - scheduler: Where every view update is delivered (the main queue in the app).
    public init(getMainUseCase: GetMainUseCase, localGetMainUseCase: GetMainUseCase, scheduler: any Scheduler) {
        self.getMainUseCase = getMainUseCase
        self.localGetMainUseCase = localGetMainUseCase
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
        channel.deliver { $0.setLoading(true) }
        if let cached = try? await localGetMainUseCase.execute(), !cached.isEmpty {
            channel.deliver { $0.show(cached, source: .cache) }
        }
        do {
            let fresh = try await getMainUseCase.execute()
            channel.deliver { $0.show(fresh, source: .network) }
        } catch is CancellationError {
            // The screen went away or a newer load replaced this one: nothing to report.
        } catch {
            let message = "Couldn't refresh the courses: \(error)"
            channel.deliver { $0.showError(message) }
        }
        channel.deliver { $0.setLoading(false) }
    }
}

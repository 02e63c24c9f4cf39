import DIContainerLocking
import DIDemoScheduling

/// What every presenter shares: a weakly held view, the scheduler every update goes through, the
/// task of the load in progress, and the shape of a load (indicator on, content or error,
/// indicator off).
///
/// Updates are delivered against the view attached when they run, so updates for a view that
/// has gone away are dropped. The view protocols are `@MainActor`: an update scheduled on the
/// main actor (the main queue scheduler of the app) runs right there; one that a scheduler runs
/// elsewhere (a test's) continues on the main actor, in the order scheduled, with the
/// scheduler's `CurrentScheduler.label`.
///
/// `View` is a view protocol's existential (`any MainView`); every view protocol refines
/// `LoadingView`, so the view is held as a weak `any LoadingView` and cast back on delivery.
final class ViewChannel<View: Sendable>: Sendable {
    private struct State {
        weak var view: (any LoadingView)?
        var loadTask: Task<Void, Never>?
    }

    private let scheduler: any Scheduler
    private let state = Locked(State())

    init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// Sets the view to drive, held weakly; replaces any earlier one.
    func attach(_ view: any LoadingView) {
        state.withLock { $0.view = view }
    }

    /// Starts `load` in a new task, cancelling a load still running from an earlier call.
    func restart(_ load: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let task = Task { await load() }
        let previous = state.withLock { state in
            defer { state.loadTask = task }
            return state.loadTask
        }
        previous?.cancel()
        return task
    }

    /// Runs one load the way every screen does: the loading indicator on, `content` (which
    /// delivers what it fetched), the error `message` describes if it throws — but nothing for a
    /// cancellation, since the screen went away or a newer load replaced this one — and the
    /// indicator off in every case.
    func load(_ content: () async throws -> Void, failure message: (any Error) -> String) async {
        deliverToLoadingView { $0.setLoading(true) }
        do {
            try await content()
        } catch is CancellationError {
            // Nothing to report.
        } catch {
            let text = message(error)
            deliverToLoadingView { $0.showError(text) }
        }
        deliverToLoadingView { $0.setLoading(false) }
    }

    /// Schedules `update` on the scheduler, against the view attached when it runs, on the main
    /// actor.
    func deliver(_ update: @escaping @MainActor @Sendable (View) -> Void) {
        deliverToLoadingView { view in
            if let view = view as? View { update(view) }
        }
    }

    private func deliverToLoadingView(_ update: @escaping @MainActor @Sendable (any LoadingView) -> Void) {
        scheduler.schedule {
            guard let view = self.state.withLock({ $0.view }) else { return }
            MainActorIsolation.run(update, view) {
                // A task inherits the scheduler's label; the main actor runs them in order.
                Task { @MainActor in update(view) }
            }
        }
    }
}

import Locking
import Scheduling

/// What both presenters share: a weakly held view, the scheduler every update goes through, and
/// the task of the load in progress.
///
/// Updates are delivered against the view attached when they run, so updates for a view that
/// has gone away are dropped. The view protocols are `@MainActor`: an update scheduled on the
/// main actor (the main queue scheduler of the app) runs right there; one that a scheduler runs
/// elsewhere (a test's) continues on the main actor, in the order scheduled, with the
/// scheduler's `CurrentScheduler.label`.
///
/// `View` is a view protocol's existential (`any MainView`); those protocols are class-bound, so
/// the view is held as a weak `AnyObject` and cast back on delivery.
final class ViewChannel<View: Sendable>: Sendable {
    private struct State {
        var view: WeakView<View>?
        var loadTask: Task<Void, Never>?
    }

    private let scheduler: any Scheduler
    private let state = Locked(State())

    init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// Sets the view to drive, held weakly; replaces any earlier one.
    func attach(_ view: View) {
        state.withLock { $0.view = WeakView(view) }
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

    /// Schedules `update` on the scheduler, against the view attached when it runs, on the main
    /// actor.
    func deliver(_ update: @escaping @MainActor @Sendable (View) -> Void) {
        scheduler.schedule {
            guard let view = self.state.withLock({ $0.view?.view }) else { return }
            MainActorIsolation.run(update, view) {
                // A task inherits the scheduler's label; the main actor runs them in order.
                Task { @MainActor in update(view) }
            }
        }
    }
}

/// A weak reference to a view of a class-bound view protocol, held as `AnyObject` because a
/// protocol existential cannot be a generic `AnyObject` parameter.
///
/// `@unchecked Sendable`, reviewed: the reference is only ever set from a `View`, which is
/// `Sendable`, and only read back as one; a weak reference itself is safe to share.
private struct WeakView<View: Sendable>: @unchecked Sendable {
    private weak var object: AnyObject?

    init(_ view: View) {
        object = view as AnyObject
    }

    var view: View? {
        object as? View
    }
}

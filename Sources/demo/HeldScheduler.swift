import DIContainerLocking
import DIDemoScheduling

/// A scheduler that holds the work it is given until `release()`, then hands it, in order, to
/// `base`; from then on it passes work straight through.
///
/// The demo prints from two queues: view updates on the main queue, cache work on the background
/// queue. A presenter's `load()` schedules the loading indicator on the main queue and at once
/// starts its loaders, whose first cache read could print on the background queue before the
/// main queue printed `[main] loading`. The demo registers this over the `.background` scheduler
/// and releases it when the view shows the indicator (see `DemoRunner`), so that every
/// transcript starts the same way.
final class HeldScheduler: Scheduler {
    private struct State {
        var isReleased = false
        var held: [@Sendable () -> Void] = []
    }

    /// The scheduler that runs the work.
    private let base: any Scheduler
    private let state = Locked(State())

    init(base: any Scheduler) {
        self.base = base
    }

    var label: String { base.label }

    func schedule(_ work: @escaping @Sendable () -> Void) {
        // `base.schedule` only enqueues; calling it under the lock keeps the order of held work
        // and of work scheduled while it is released.
        state.withLock { state in
            if state.isReleased { base.schedule(work) } else { state.held.append(work) }
        }
    }

    /// Hands the held work to `base`, in order, and passes later work straight through.
    func release() {
        state.withLock { state in
            guard !state.isReleased else { return }
            state.isReleased = true
            for work in state.held { base.schedule(work) }
            state.held.removeAll()
        }
    }
}

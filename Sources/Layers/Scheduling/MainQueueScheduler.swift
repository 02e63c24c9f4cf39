import Dispatch

/// A scheduler that runs work asynchronously on the main dispatch queue, in submission order.
///
/// This is the scheduler presenters deliver view updates on in the app. Work is always enqueued
/// (never run inline, even when `schedule` is called on the main thread), so ordering is the same
/// whichever thread submits it.
///
/// **The main queue has to be served.** On Apple platforms the app's run loop serves it. On Linux
/// nothing runs on the main queue unless the main thread serves it: call `dispatchMain()` (it
/// never returns; exit from a work item) or run `RunLoop.main`, or use an `async` entry point
/// (`@main` with `static func main() async`), whose main thread serves the main queue while the
/// program awaits. A program whose main thread blocks (for example in `semaphore.wait()`) never
/// runs the scheduled work. The demo executable serves the main queue this way.
///
/// On Linux, `dispatchMain()` ends the process's first thread and lets a dispatch thread serve
/// the main queue, so inside scheduled work `Thread.isMainThread` may be `false` although the
/// work runs on the main queue (serially, with every other main-queue and main-actor job).
///
/// ```swift
/// let main = MainQueueScheduler()
/// main.schedule { view.show(screen) }   // runs on the main thread, label "main"
/// ```
public struct MainQueueScheduler: Scheduler {
    /// Always "main".
    public var label: String { "main" }

    /// Creates the main-queue scheduler; all instances share the one main queue.
    public init() {}

    /// Enqueues `work` on the main dispatch queue.
    ///
    /// - Parameter work: The work to run on the main thread.
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        let label = self.label
        DispatchQueue.main.async {
            CurrentScheduler.running(on: label, work)
        }
    }
}

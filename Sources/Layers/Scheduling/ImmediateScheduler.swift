/// A scheduler that runs work at once, on the caller's thread, before `schedule` returns.
///
/// Handy in tests and in command-line code where there is no main queue to hop to. Work that
/// schedules more work runs the nested work immediately too (depth first).
///
/// ```swift
/// let scheduler = ImmediateScheduler()
/// scheduler.schedule { print(CurrentScheduler.label ?? "-") }   // prints "immediate" at once
/// ```
public struct ImmediateScheduler: Scheduler {
    /// The label bound to ``CurrentScheduler/label`` while work runs; "immediate" by default.
    public let label: String

    /// Creates an immediate scheduler.
    ///
    /// - Parameter label: The scheduler's name in logs and in ``CurrentScheduler/label``.
    public init(label: String = "immediate") {
        self.label = label
    }

    /// Runs `work` synchronously on the calling thread.
    ///
    /// - Parameter work: The work to run.
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        CurrentScheduler.running(on: label, work)
    }
}

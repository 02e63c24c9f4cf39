/// Where a presenter delivers its results: the main queue in an app, at once in tests.
public protocol Scheduler: Sendable {
    /// Runs `work`, now or later.
    func run(_ work: @escaping @Sendable () -> Void)
}

/// Runs work at once, on the caller's thread.
public struct ImmediateScheduler: Scheduler {
    /// Makes the scheduler.
    public init() {}

    /// Runs `work` now.
    public func run(_ work: @escaping @Sendable () -> Void) {
        work()
    }
}

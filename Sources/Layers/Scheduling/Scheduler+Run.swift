extension Scheduler {
    /// Runs blocking `work` on this scheduler and resumes the caller with its result.
    ///
    /// Use it to move synchronous work (file I/O, decoding a large document) off the caller's
    /// executor onto, for example, the serial background scheduler. The work runs in submission
    /// order with everything else scheduled on this scheduler, with ``CurrentScheduler/label``
    /// bound to this scheduler's label.
    ///
    /// The caller stays suspended until the scheduler runs the work: with a ``TestScheduler``
    /// that means until the test advances it, and with ``MainQueueScheduler`` on Linux until the
    /// main thread serves the main queue. Work that has started is not interrupted by task
    /// cancellation; check `Task.isCancelled` afterwards if that matters.
    ///
    /// ```swift
    /// let data = try await background.run { try Data(contentsOf: fileURL) }
    /// ```
    ///
    /// - Parameter work: The blocking work to run.
    /// - Returns: What `work` returned.
    /// - Throws: Whatever `work` threw.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            schedule {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}

import Dispatch

/// A scheduler that runs work one item at a time, in submission order, on a private background
/// dispatch queue.
///
/// The app registers one under the name `.background` for repository I/O. Work never runs on the
/// main thread, and never runs concurrently with other work of the same scheduler.
///
/// ```swift
/// let background = SerialQueueScheduler(label: "background", qos: .utility)
/// let data = try await background.run { try Data(contentsOf: fileURL) }
/// ```
public final class SerialQueueScheduler: Scheduler {
    /// The scheduler's name; also bound to ``CurrentScheduler/label`` while work runs.
    public let label: String
    private let queue: DispatchQueue

    /// Creates a scheduler with its own serial dispatch queue.
    ///
    /// - Parameters:
    ///   - label: The scheduler's name (for example "background"); the dispatch queue is named
    ///     after it too, so it shows in debuggers and crash logs.
    ///   - qos: The quality of service of the queue.
    public init(label: String, qos: DispatchQoS = .default) {
        self.label = label
        self.queue = DispatchQueue(label: "DIContainer.Scheduling.\(label)", qos: qos)
    }

    /// Enqueues `work` on the scheduler's serial queue.
    ///
    /// - Parameter work: The work to run in the background.
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        let label = self.label
        queue.async {
            CurrentScheduler.running(on: label, work)
        }
    }
}

/// Something that runs work somewhere: on the main queue, on a serial background queue, at once,
/// or when a test says so.
///
/// Presenters take a scheduler in their initializer and deliver every view update through it, so
/// the same presenter runs on the main queue in the app and deterministically in tests.
///
/// ```swift
/// scheduler.schedule { view.show(screen) }
/// ```
public protocol Scheduler: Sendable {
    /// A short human-readable name ("main", "background", …), used in logs and by the demo.
    var label: String { get }

    /// Runs `work` on this scheduler, in submission order relative to other work submitted to
    /// the same scheduler.
    ///
    /// - Parameter work: The work to run.
    func schedule(_ work: @escaping @Sendable () -> Void)
}

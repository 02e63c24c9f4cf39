/// Tells running code which scheduler it is running on.
///
/// Every scheduler in this module binds ``label`` to its own ``Scheduler/label`` while it runs a
/// work item, so code and tests can ask "on which scheduler am I?" without knowing the scheduler.
/// Outside scheduled work the value is `nil`.
///
/// The value is a task-local bound synchronously around each work item: it is visible to
/// everything the work item calls, including child tasks it creates with `async let` or task
/// groups, but `Task.detached` does not inherit it, and an unstructured `Task { }` started from
/// the work item inherits the value it had when it was created.
///
/// ```swift
/// scheduler.schedule {
///     print("running on", CurrentScheduler.label ?? "no scheduler")   // "running on background"
/// }
/// ```
public enum CurrentScheduler {
    /// The label of the scheduler running the current work item, or `nil` outside scheduled work.
    @TaskLocal public static var label: String?

    /// Runs `work` with ``label`` bound to `label`; schedulers call this around every work item.
    ///
    /// Custom ``Scheduler`` implementations should call it too, so that ``label`` stays
    /// truthful:
    ///
    /// ```swift
    /// queue.async { CurrentScheduler.running(on: self.label, work) }
    /// ```
    ///
    /// - Parameters:
    ///   - label: The label of the scheduler that runs `work`.
    ///   - work: The work item.
    public static func running(on label: String, _ work: () -> Void) {
        $label.withValue(label) { work() }
    }
}

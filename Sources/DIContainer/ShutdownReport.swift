/// What ran when kept instances' lifetimes ended: the `onShutdown` hooks that returned, failed,
/// were abandoned at the deadline or were not started because it had passed, each named by its
/// registration, in the order the hooks ran (dependents before their dependencies).
///
/// ```swift
/// do {
///     let report = try await container.shutdown(timeout: .seconds(10))
///     logger.info("shut down \(report.completed.count) services")
/// } catch let error as ShutdownError {
///     logger.error("\(error)")   // names each failed, abandoned or skipped hook
/// }
/// ```
public struct ShutdownReport: Sendable, CustomStringConvertible {
    /// A hook that threw.
    public struct Failure: Sendable {
        /// The registration whose hook threw.
        public let service: ServiceKey
        /// What it threw.
        public let error: any Error
    }

    /// The registrations whose hooks returned, one element per hook, in the order they ended.
    public var completed: [ServiceKey] { completedEntries.map(\.service) }
    /// The hooks that threw; the others ran all the same.
    public var failures: [Failure] { failureEntries.map { Failure(service: $0.entry.service, error: $0.error) } }
    /// The hooks still running at the deadline (or past their own timeout): no longer waited for,
    /// left to finish on their own.
    public var abandoned: [ServiceKey] { abandonedEntries.map(\.service) }
    /// The hooks not started because the deadline had passed.
    public var skipped: [ServiceKey] { skippedEntries.map(\.service) }

    // The registrations, kept as they are: a name is made only when the report is read.
    var completedEntries: [Entry] = []
    var failureEntries: [(entry: Entry, error: any Error)] = []
    var abandonedEntries: [Entry] = []
    var skippedEntries: [Entry] = []

    /// Adds what `other` ran.
    mutating func merge(_ other: ShutdownReport) {
        completedEntries += other.completedEntries
        failureEntries += other.failureEntries
        abandonedEntries += other.abandonedEntries
        skippedEntries += other.skippedEntries
    }

    /// Whether every hook returned.
    public var isClean: Bool { failureEntries.isEmpty && abandonedEntries.isEmpty && skippedEntries.isEmpty }

    public var description: String {
        var lines = ["\(completedEntries.count) shutdown hook(s) returned"]
        lines += failures.map { "  failed: \($0.service): \($0.error)" }
        lines += abandoned.map { "  abandoned at the deadline: \($0)" }
        lines += skipped.map { "  not run, the deadline had passed: \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// Thrown when some `onShutdown` hooks failed, were abandoned at the deadline or were skipped
/// (`Container.shutdown(timeout:)`, `Container.reset(_:timeout:)`, the end of
/// `Container.withScope(_:providing:isolation:operation:)`); the others ran all the same.
public struct ShutdownError: Error, CustomStringConvertible {
    /// Every hook that ran, failed, was abandoned or skipped.
    public let report: ShutdownReport

    public var description: String { "shutdown did not complete cleanly: \(report)" }
}

/// Thrown by `Container.start()` when eager registrations could not be built: one failure per
/// registration, each with its path; the others were built all the same.
public struct StartupError: Error, CustomStringConvertible {
    /// Why each eager registration that failed could not be built, in registration order.
    public let failures: [ResolutionError]

    public var description: String {
        (["\(failures.count) eager registration(s) could not be built:"] + failures.map { "- \($0)" }).joined(separator: "\n")
    }
}

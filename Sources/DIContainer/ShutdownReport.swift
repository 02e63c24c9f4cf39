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

    /// The registrations whose hooks returned, one element per hook, in the order they ran.
    public internal(set) var completed: [ServiceKey] = []
    /// The hooks that threw; the others ran all the same.
    public internal(set) var failures: [Failure] = []
    /// The hooks still running at the deadline: no longer waited for, left to finish on their own.
    public internal(set) var abandoned: [ServiceKey] = []
    /// The hooks not started because the deadline had passed.
    public internal(set) var skipped: [ServiceKey] = []

    /// Whether every hook returned.
    public var isClean: Bool { failures.isEmpty && abandoned.isEmpty && skipped.isEmpty }

    public var description: String {
        var lines = ["\(completed.count) shutdown hook(s) returned"]
        lines += failures.map { "  failed: \($0.service): \($0.error)" }
        lines += abandoned.map { "  abandoned at the deadline: \($0)" }
        lines += skipped.map { "  not run, the deadline had passed: \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// Thrown when some `onShutdown` hooks failed, were abandoned at the deadline or were skipped
/// (`Container.shutdown(timeout:)`, `Container.reset(_:timeout:)`, the end of
/// `Container.withScope(_:isolation:operation:)`); the others ran all the same.
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

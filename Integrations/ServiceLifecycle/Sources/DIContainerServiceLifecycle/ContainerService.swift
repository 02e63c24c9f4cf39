import DIContainer
import Logging
import ServiceLifecycle

/// Runs a container's lifecycle as a swift-service-lifecycle `Service`: `start()` when the service
/// group starts, `shutdown(timeout:)` when it shuts down gracefully.
///
/// Put it **first** in the group. A `ServiceGroup` shuts its services down in reverse order, each
/// after the one behind it has finished, so the container's `onShutdown` hooks (closing the
/// connection pool, flushing queues) run only once the services that use its instances (an HTTP
/// server draining its in-flight requests) have stopped.
///
/// ```swift
/// let container = Container()
/// container.apply(AppAssembly())
/// let group = ServiceGroup(
///     configuration: .init(
///         services: [ContainerService(container: container, logger: logger), app],  // container first
///         gracefulShutdownSignals: [.sigterm, .sigint],
///         logger: logger))
/// do {
///     try await group.run()
/// } catch {
///     logger.critical("server failed: \(error)")  // what failed to start, or which hook failed
///     exit(1)
/// }
/// ```
///
/// Catch what `group.run()` throws, as above: an error that escapes top-level code is a runtime
/// trap (exit status 132 and a backtrace), not a message and exit status 1.
///
/// The container starts inside the group, in this service's `run()`: do not call `start()`
/// before running the group, where a failed start would leave what it built open. To keep a
/// server from accepting requests before the start, have it wait for the start before it
/// listens, with `started()` (Hummingbird: `app.beforeServerStarts { try await service.started() }`):
/// it returns once the container started, and throws the start's error if it failed.
///
/// What `run()` does, in order:
/// 1. `container.start()` builds every `eager()` registration, dependencies first. If that
///    throws, the instances it did build are shut down (their hooks run) and the `StartupError`
///    is thrown, which stops the group: the app does not serve with half its services.
/// 2. It waits for graceful shutdown, or for the cancellation of its task.
/// 3. `container.shutdown(timeout:)` runs the `onShutdown` hooks, dependents first, within
///    `shutdownTimeout`. It runs in a task of its own, so that a cancelled group still closes
///    what the container opened; the timeout bounds it either way. A hook that failed or was
///    still running at the deadline makes `run()` throw the `ShutdownError` (its `report` says
///    which), so the group, and the process, end with a failure instead of hiding it.
///
/// After `run()` returns the container is shut down for good: its `resolve` calls throw
/// `ResolutionError` of kind `.shutDown`.
public struct ContainerService: Service {
    /// The container whose lifecycle this service runs.
    public let container: Container
    /// How the start in `run()` ended, shared by the copies of this service.
    private let outcome = StartOutcome()
    /// How long the `onShutdown` hooks may run in all before the rest are abandoned or skipped.
    public let shutdownTimeout: Duration
    /// Where the service says that the container started and how its shutdown went.
    public let logger: Logger

    /// Creates a service that starts `container` and shuts it down with the group.
    ///
    /// ```swift
    /// let service = ContainerService(container: container, shutdownTimeout: .seconds(5), logger: logger)
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container to start and shut down. It should not be shut down by anyone
    ///     else: a second `shutdown` returns at once and runs no hooks.
    ///   - shutdownTimeout: How long the `onShutdown` hooks may run in all. Keep it below the
    ///     group's `maximumGracefulShutdownDuration`, if it has one.
    ///   - logger: The logger for the service's own messages; by default the task's current
    ///     logger (`Logger.current`) when the service is made.
    public init(container: Container, shutdownTimeout: Duration = .seconds(10), logger: Logger = .current) {
        self.container = container
        self.shutdownTimeout = shutdownTimeout
        self.logger = logger
    }

    /// Waits until `run()` has started the container: for a service that must not begin before
    /// the eager registrations are built (a server that would accept requests).
    ///
    /// ```swift
    /// let service = ContainerService(container: container, logger: logger)
    /// app.beforeServerStarts { try await service.started() }   // Hummingbird
    /// ```
    ///
    /// It waits for this service's own start, so it never starts the container a second time,
    /// and a service waiting for it fails with the start's error, whichever the group reports
    /// first. It waits for as long as `run()` has not been called.
    ///
    /// - Throws: The start's error (`StartupError`) if it failed; `CancellationError` if the
    ///   waiting task is cancelled first.
    public func started() async throws {
        try await outcome.wait()
    }

    /// Starts the container, waits for graceful shutdown or cancellation, then shuts the
    /// container down.
    ///
    /// ```swift
    /// try await ContainerService(container: container).run()  // usually run by a ServiceGroup
    /// ```
    ///
    /// Cancellation is not a failure: after a cancelled wait the hooks run as after a graceful
    /// shutdown and `run()` returns normally. Outside a `ServiceGroup` there is no graceful
    /// shutdown to wait for: it runs until its task is cancelled.
    ///
    /// - Throws: `StartupError` when an eager registration could not be built (after shutting
    ///   down what was built); `ShutdownError` when an `onShutdown` hook failed or ran past
    ///   `shutdownTimeout`.
    public func run() async throws {
        do {
            try await container.start()
        } catch {
            logger.error("Container failed to start; shutting down what was built", metadata: ["error": "\(error)"])
            // The start's error is the one to report; a failing hook now is only logged.
            _ = try? await shutDown()
            outcome.finish(.failure(error))
            throw error
        }
        logger.debug("Container started")
        outcome.finish(.success(()))

        let reason: String
        do {
            try await gracefulShutdown()
            reason = "graceful shutdown"
        } catch {
            // `gracefulShutdown()` throws only when the task is cancelled.
            reason = "cancellation"
        }
        logger.debug("Shutting the container down", metadata: ["reason": "\(reason)"])
        try await shutDown()
    }

    /// Runs `container.shutdown(timeout:)` in a task of its own, so the hooks are not cancelled
    /// with the caller (the timeout bounds them), and logs how it went.
    private func shutDown() async throws {
        let container = self.container
        let timeout = shutdownTimeout
        let logger = self.logger
        let shutdown = Task {
            do {
                let report = try await container.shutdown(timeout: timeout)
                logger.debug("Container shut down", metadata: ["hooks": "\(report.completed.count)"])
            } catch let error as ShutdownError {
                log(error.report, to: logger)
                throw error
            }
        }
        try await shutdown.value
    }
}

/// Logs the problems of an unclean shutdown, one message per hook.
private func log(_ report: ShutdownReport, to logger: Logger) {
    for failure in report.failures {
        logger.error("onShutdown hook failed", metadata: ["service": "\(failure.service)", "error": "\(failure.error)"])
    }
    for service in report.abandoned {
        logger.error("onShutdown hook still running at the deadline", metadata: ["service": "\(service)"])
    }
    for service in report.skipped {
        logger.error("onShutdown hook not run: the deadline had passed", metadata: ["service": "\(service)"])
    }
}

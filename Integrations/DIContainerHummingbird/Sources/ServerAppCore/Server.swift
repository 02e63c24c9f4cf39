import DIContainer
import DIContainerServiceLifecycle
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// Puts the server together: the container with `AppAssembly`, the Hummingbird application on
/// `AppRouter`, and the service group that runs both.
///
/// ```swift
/// try await Server.run(configuration: configuration, logger: logger)
/// ```
public enum Server {
    /// A container with the server's services registered (not started).
    ///
    /// - Parameters:
    ///   - configuration: The server's settings.
    ///   - logger: The logger every service logs to.
    /// - Returns: The container.
    public static func makeContainer(configuration: ServerConfiguration, logger: Logger) -> Container {
        let container = Container()
        container.apply(AppAssembly(configuration: configuration, logger: logger))
        return container
    }

    /// The HTTP application on `ServerConfiguration.host` and `configuration.port`; once it
    /// listens it logs "listening on http://127.0.0.1:PORT" with the port it got.
    ///
    /// - Parameters:
    ///   - container: The container the routes resolve from.
    ///   - configuration: The server's settings.
    ///   - logger: The application's logger.
    /// - Returns: The application, a `Service`.
    public static func makeApplication(
        container: Container, configuration: ServerConfiguration, logger: Logger
    ) -> Application<some HTTPResponder<BasicRequestContext>> {
        Application(
            responder: AppRouter.responder(container: container),
            configuration: .init(address: .hostname(ServerConfiguration.host, port: configuration.port)),
            onServerRunning: { logListening(on: $0.localAddress?.port, to: logger) },
            logger: logger)
    }

    /// Logs "listening on http://127.0.0.1:PORT" with the port the server got.
    private static func logListening(on port: Int?, to logger: Logger) {
        logger.info("listening on http://\(ServerConfiguration.host):\(port.map(String.init) ?? "unknown")")
    }

    /// Runs the server until one of `signals`: with the container (`makeServiceGroup`), or
    /// hand-wired when `configuration.isHandWired`.
    ///
    /// - Parameters:
    ///   - configuration: The server's settings.
    ///   - logger: The logger of the group and of every service.
    ///   - signals: The signals that start a graceful shutdown.
    /// - Throws: What the service group throws: `StartupError` when the container could not
    ///   start, `ShutdownError` when a hook failed or outlived `shutdownTimeout`.
    public static func run(
        configuration: ServerConfiguration, logger: Logger, signals: [UnixSignal] = [.sigterm, .sigint]
    ) async throws {
        if configuration.isHandWired {
            try await runHandWired(configuration: configuration, logger: logger, signals: signals)
        } else {
            try await makeServiceGroup(configuration: configuration, logger: logger, signals: signals).run()
        }
    }

    /// The service group that runs the server: the container's lifecycle first, then the HTTP
    /// application. The container starts inside the group, so a failed start stops the group
    /// and shuts down what the start built; the application waits for that start before it
    /// accepts a connection. On one of `signals` it shuts down gracefully in reverse: the
    /// application stops accepting and finishes its in-flight requests (each request scope's
    /// hooks run as its response's body is written), then the container runs its singletons'
    /// hooks, dependents first.
    ///
    /// - Parameters:
    ///   - configuration: The server's settings.
    ///   - logger: The logger of the group and of every service.
    ///   - signals: The signals that start a graceful shutdown.
    /// - Returns: The group; `run()` it.
    public static func makeServiceGroup(
        configuration: ServerConfiguration, logger: Logger, signals: [UnixSignal] = [.sigterm, .sigint]
    ) -> ServiceGroup {
        let container = makeContainer(configuration: configuration, logger: logger)
        let containerService = ContainerService(
            container: container, shutdownTimeout: configuration.shutdownTimeout, logger: logger)
        var application = makeApplication(container: container, configuration: configuration, logger: logger)
        // Accept no request before the eager services are built; a failed start fails the
        // application with the start's own error.
        application.beforeServerStarts { try await containerService.started() }
        var group = ServiceGroupConfiguration(
            services: [containerService, application], gracefulShutdownSignals: signals, logger: logger)
        // Past the hooks' own timeout and a margin for draining requests, cancel everything.
        group.maximumGracefulShutdownDuration = configuration.shutdownTimeout + .seconds(20)
        return ServiceGroup(configuration: group)
    }

    /// The same routes without the container (`HandWiredRouter`): the pool and the audit trail
    /// opened by hand before the server, flushed and closed by hand after it.
    private static func runHandWired(
        configuration: ServerConfiguration, logger: Logger, signals: [UnixSignal]
    ) async throws {
        let pool = await ConnectionPool.open(size: configuration.poolSize, logger: logger)
        let auditTrail = AuditTrail(pool: pool, logger: logger)
        let application = Application(
            router: HandWiredRouter.build(pool: pool, auditTrail: auditTrail, logger: logger),
            configuration: .init(address: .hostname(ServerConfiguration.host, port: configuration.port)),
            onServerRunning: { logListening(on: $0.localAddress?.port, to: logger) },
            logger: logger)
        try await ServiceGroup(services: [application], gracefulShutdownSignals: signals, logger: logger).run()
        try await auditTrail.flush()
        await pool.close()
    }
}

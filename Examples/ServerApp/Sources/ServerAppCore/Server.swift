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
/// try await Server.makeServiceGroup(configuration: configuration, logger: logger).run()
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
    ) -> some ApplicationProtocol {
        Application(
            router: AppRouter.build(container: container),
            configuration: .init(address: .hostname(ServerConfiguration.host, port: configuration.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port.map(String.init) ?? "unknown"
                logger.info("listening on http://\(ServerConfiguration.host):\(port)")
            },
            logger: logger)
    }

    /// The service group that runs the server: the container's lifecycle first, then the HTTP
    /// application. On one of `signals` it shuts down gracefully in reverse: the application
    /// stops accepting and finishes its in-flight requests (each request scope's hooks run as
    /// its request ends), then the container runs its singletons' hooks, dependents first.
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
        let application = makeApplication(container: container, configuration: configuration, logger: logger)
        var group = ServiceGroupConfiguration(
            services: [containerService, application], gracefulShutdownSignals: signals, logger: logger)
        // Past the hooks' own timeout and a margin for draining requests, cancel everything.
        group.maximumGracefulShutdownDuration = configuration.shutdownTimeout + .seconds(20)
        return ServiceGroup(configuration: group)
    }
}

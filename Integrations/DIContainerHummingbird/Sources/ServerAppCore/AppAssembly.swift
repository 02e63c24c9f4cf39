import DIContainer
import Logging

/// The server's wiring, in one place: which type is built how, with which lifetime, which are
/// built at start, and what each closes at shutdown.
///
/// | Service | Lifetime | At start | At shutdown |
/// | --- | --- | --- | --- |
/// | `Logger` | ready-made | | |
/// | `ConnectionPool` | singleton, async factory | built (`eager()`) | `close()`: logs "pool closed", last |
/// | `AuditTrail` (uses the pool) | singleton | built (`eager()`) | `flush()`, before the pool closes |
/// | `RequestIdentity` | handed into each request's scope (`providedBy: .request`) | | |
/// | `UnitOfWork` (uses the pool) | `.scoped(.request)` | | commits or rolls back as its request ends |
/// | `DescribeRequest`, `PrepareReport`, `PlaceOrder` | transient | | |
///
/// Request-scoped services are resolved inside the scope `RequestScopeResponder` opens per
/// request, with the request's `RequestIdentity` handed in; the container runs their hooks when
/// the request's scope ends (after its body was written), and the singletons' hooks at
/// `Container.shutdown(timeout:)`, dependents first.
///
/// ```swift
/// let container = Container()
/// container.apply(AppAssembly(configuration: configuration, logger: logger))
/// ```
public struct AppAssembly: Assembly {
    /// The server's settings (the pool's size).
    public let configuration: ServerConfiguration
    /// The logger every service logs to.
    public let logger: Logger

    /// Creates the assembly.
    ///
    /// - Parameters:
    ///   - configuration: The server's settings.
    ///   - logger: The logger every service logs to.
    public init(configuration: ServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Registers the server's services into `container`.
    ///
    /// - Parameter container: The container to register into.
    public func assemble(into container: Container) {
        let poolSize = configuration.poolSize
        let simulatedFailure = configuration.simulatedFailure
        container.register(Logger.self, instance: logger)

        container.register(ConnectionPool.self, lifetime: .singleton) { r async throws in
            await ConnectionPool.open(size: poolSize, logger: try r.resolve(Logger.self))
        }
        .onShutdown { await $0.close() }
        .eager()

        container.register(AuditTrail.self, lifetime: .singleton) { r async throws in
            if simulatedFailure == .start { throw SimulatedFailure("the audit trail's store is unreachable") }
            return AuditTrail(pool: try await r.resolveAsync(ConnectionPool.self), logger: try r.resolve(Logger.self))
        }
        .onShutdown { trail in
            if simulatedFailure == .shutdown { try await Task.sleep(for: .seconds(3600)) }  // a flush that never ends
            try await trail.flush()
        }
        .eager()

        container.register(RequestIdentity.self, providedBy: .request)

        container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r async throws in
            try await UnitOfWork.begin(
                pool: try await r.resolveAsync(ConnectionPool.self), identity: try r.resolve(RequestIdentity.self),
                logger: try r.resolve(Logger.self))
        }
        .onShutdown(timeout: .seconds(5)) { unitOfWork, reason in
            if case .scopeSucceeded = reason {
                await unitOfWork.finish(committing: true)
            } else {
                await unitOfWork.finish(committing: false)
            }
        }

        assembleUseCases(into: container)
    }

    /// The use cases: transient, built per call from the request's scoped instances.
    private func assembleUseCases(into container: Container) {
        container.register(DescribeRequest.self) { r async throws in
            DescribeRequest(identity: try r.resolve(RequestIdentity.self), unitOfWork: try await r.resolveAsync(UnitOfWork.self))
        }
        container.register(PrepareReport.self) { r async throws in
            PrepareReport(
                identity: try r.resolve(RequestIdentity.self), unitOfWork: try await r.resolveAsync(UnitOfWork.self),
                logger: try r.resolve(Logger.self))
        }
        container.register(PlaceOrder.self) { r async throws in
            PlaceOrder(
                identity: try r.resolve(RequestIdentity.self), unitOfWork: try await r.resolveAsync(UnitOfWork.self),
                auditTrail: try await r.resolveAsync(AuditTrail.self))
        }
    }
}

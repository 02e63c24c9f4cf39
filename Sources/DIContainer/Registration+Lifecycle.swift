extension Registration where Service: Sendable {
    /// Adds a hook that runs once for each instance this registration's lifetime kept, when that
    /// lifetime ends: its scope closes (`Container.withScope(_:isolation:operation:)`), `reset`
    /// drops it, or `Container.shutdown(timeout:)` runs. The place to close a pool, flush a cache,
    /// roll back a unit of work.
    ///
    /// ```swift
    /// container.register(Database.self, lifetime: .singleton) { _ async throws in try await Database.connect() }
    ///     .onShutdown { database in try await database.close() }
    /// container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in UnitOfWork(database: try r.resolve(Database.self)) }
    ///     .onShutdown { unitOfWork in try await unitOfWork.rollbackIfOpen() }
    /// ```
    ///
    /// - **Order.** The hooks of one ending run one at a time, dependents before their
    ///   dependencies (what each factory was seen to ask for), otherwise the newest instance first;
    ///   a registration's hooks in the order added.
    /// - **Failures.** A hook that throws is reported (`ShutdownReport.failures`, `ShutdownError`)
    ///   and does not stop the others.
    /// - **What is kept.** Only instances a lifetime keeps have an end the container sees:
    ///   `singleton`, `scoped`, `weak` (while the instance is alive) and custom lifetimes. A
    ///   `transient` or `graph` instance belongs to whoever resolved it: the hook never runs for it.
    ///
    /// - Parameter hook: Receives the instance whose lifetime ended.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func onShutdown(_ hook: @escaping @Sendable (_ service: Service) async throws -> Void) -> Registration<Service> {
        container.registry.update(key, of: registered.registration) { current, _ in
            current.withShutdownHook { box in
                // The engine keeps the instance boxed as the registration's service type.
                if let service = box.value as? Service { try await hook(service) }
            }
        }
        return self
    }
}

extension Registration {
    /// Marks this registration to be built by `Container.start()`, at start-up rather than on
    /// first use, with its dependencies before it: a connection pool, a cache warmed at launch.
    ///
    /// ```swift
    /// container.register(Database.self, lifetime: .singleton) { _ async throws in try await Database.connect() }
    ///     .eager()
    /// try await container.start()
    /// ```
    ///
    /// Closure and auto-wired registrations alike; `async` and main-actor factories too. Meant for
    /// lifetimes that keep their instance (`singleton`, a scope's generation): a `transient`
    /// instance built at start-up is dropped at once.
    ///
    /// An eager registration with an `async` factory that `start()` built is then resolved
    /// synchronously too, by `resolve` and by synchronous factories and auto-wired initializers
    /// that depend on it: the connection pool connected at launch, used by every request.
    /// Before `start()` (or after a `reset` dropped it) a synchronous resolve throws
    /// `ResolutionError.Kind.asyncFactory` as for any `async` registration; validation takes it
    /// as built (`validateAsync()` builds it first, as `start()` does).
    ///
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func eager() -> Registration<Service> {
        container.registry.update(key, of: registered.registration) { current, _ in current.markedEager() }
        return self
    }
}

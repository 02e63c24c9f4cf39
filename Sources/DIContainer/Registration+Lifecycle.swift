extension Registration where Service: Sendable {
    /// Adds a hook that runs once for each instance this registration's lifetime kept, when that
    /// lifetime ends: its scope closes (`Container.withScope(_:providing:isolation:operation:)`),
    /// `reset` drops it, its registration is replaced or removed, or `Container.shutdown(timeout:)`
    /// runs. The place to close a pool, flush a cache, roll back a unit of work.
    ///
    /// ```swift
    /// container.register(Database.self, lifetime: .singleton) { _ async throws in try await Database.connect() }
    ///     .onShutdown { database in try await database.close() }
    /// ```
    ///
    /// - **Order.** Dependents before their dependencies — what each factory was seen to ask
    ///   for, through forwarded types, services in between, `Lazy` and `Provider` — otherwise the
    ///   newest instance first; a registration's hooks in the order added. An instance's hooks
    ///   start once the hooks of everything depending on it ended, so a slow or stuck hook holds
    ///   back only what it depends on.
    /// - **Failures.** A hook that throws is reported (`ShutdownReport.failures`, `ShutdownError`)
    ///   and does not stop the others.
    /// - **What is kept.** Only instances a lifetime keeps have an end the container sees:
    ///   `singleton`, `scoped`, `weak` (while the instance is alive) and custom lifetimes. A
    ///   `transient` or `graph` instance belongs to whoever resolved it: the hook never runs for it.
    ///
    /// - Parameters:
    ///   - timeout: The longest the hook is waited for; past it, it is abandoned (it goes on, no
    ///     longer waited for) and reported where its lifetime ends. `nil`: as long as the
    ///     deadline of `shutdown(timeout:)` allows, or, when a scope closes, without limit.
    ///   - hook: Receives the instance whose lifetime ended.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func onShutdown(
        timeout: Duration? = nil, _ hook: @escaping @Sendable (_ service: Service) async throws -> Void
    ) -> Registration<Service> {
        adding(
            Entry.ShutdownHook(timeout: timeout) { box, _ in
                // The engine keeps the instance boxed as the registration's service type (a
                // `switch` casts straight into it: see `cast(_:to:otherwise:)`).
                switch box.value {
                case let service as Service: try await hook(service)
                default: break
                }
            })
    }

    /// Adds a hook that runs once for each instance this registration's lifetime kept, told how
    /// that lifetime ended: commit a request's unit of work when its scope's operation returned,
    /// roll it back when it threw. Otherwise as `onShutdown(timeout:_:)` with one argument.
    ///
    /// ```swift
    /// container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in UnitOfWork(database: try r.resolve(Database.self)) }
    ///     .onShutdown(timeout: .seconds(5)) { unit, reason in
    ///         if case .scopeSucceeded = reason { try await unit.commit() } else { try await unit.rollback() }
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: The longest the hook is waited for; see `onShutdown(timeout:_:)`.
    ///   - hook: Receives the instance whose lifetime ended and why it ended.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func onShutdown(
        timeout: Duration? = nil, _ hook: @escaping @Sendable (_ service: Service, _ reason: ShutdownReason) async throws -> Void
    ) -> Registration<Service> {
        adding(
            Entry.ShutdownHook(timeout: timeout) { box, reason in
                switch box.value {
                case let service as Service: try await hook(service, reason)
                default: break
                }
            })
    }

    /// Adds `hook` to this registration; an instance kept before it was added ends with it too.
    private func adding(_ hook: Entry.ShutdownHook) -> Registration<Service> {
        var hooked: Entry?
        container.registry.update(key, of: registered.registration) { current, _ in
            hooked = current.withShutdownHook(hook)
            return hooked ?? current
        }
        // An instance kept before this hook was added ends with it too.
        if let hooked { hooked.slot?.adoptHooks(of: hooked, in: container) }
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

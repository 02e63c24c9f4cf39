/// The lifecycle around resolving: scopes opened per request or task, start-up of eager
/// registrations, and shutdown in dependency order.
extension Container {
    /// Runs `operation` in a new instance of `scope`: every `.scoped(scope)` registration
    /// resolved by this task and its child tasks gets one instance for the scope, shared within it;
    /// concurrent scopes each get their own, and their builds never wait for each other. When
    /// `operation` returns or throws, the scope's instances are shut down (their `onShutdown` hooks
    /// run, dependents first), then dropped.
    ///
    /// ```swift
    /// extension Scope { static let request: Scope = "request" }   // built in
    /// container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in UnitOfWork(database: try r.resolve(Database.self)) }
    ///     .onShutdown { unitOfWork in try await unitOfWork.rollbackIfOpen() }
    ///
    /// let page = try await container.withScope(.request) {
    ///     try await container.resolve(ShowPageUseCase.self).run(request)
    /// }
    /// ```
    ///
    /// - **Task-local.** Like `withOverrides`, the scope is carried by the task: a child task shares
    ///   it, a `Task.detached` does not. Scopes nest; one of another name inside keeps both open,
    ///   one of the same name hides the outer one. Opened inside `withOverrides`, the scope sees
    ///   the overrides.
    /// - **Outside.** Where no `withScope(scope)` is open, `.scoped(scope)` keeps one instance per
    ///   generation of the container (`reset(.scoped(scope))` starts a new one).
    /// - **Afterwards.** Work that outlives `operation` and resolves a `.scoped(scope)` service
    ///   gets a new instance on each resolve, shut down with the container.
    /// - **Captive dependencies.** An instance kept longer than the scope (a singleton, say) that
    ///   asks for one of the scope's instances is refused: `ResolutionError.Kind.captiveDependency`.
    ///
    /// - Parameters:
    ///   - scope: The scope to open.
    ///   - isolation: The caller's isolation, where `operation` runs; leave the default.
    ///   - operation: The work that runs in the scope.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws; else `ShutdownError` when a hook of the scope's instances
    ///   failed (the others ran all the same).
    public func withScope<R>(
        _ scope: Scope, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async throws -> R {
        let open = OpenScope(scope, parent: OpenScope.innermost)
        registry.track(open, isOpen: true)
        let result: Result<R, any Error>
        do {
            result = .success(try await OpenScope.$innermost.withValue(open, operation: operation, isolation: isolation))
        } catch {
            result = .failure(error)
        }
        registry.track(open, isOpen: false)
        let report = await Ending.run(open.close(), until: nil)
        if case .success = result, !report.isClean { throw ShutdownError(report: report) }
        return try result.get()
    }

    /// Builds every registration of this container marked `Registration.eager()`, in registration
    /// order, each after its dependencies (resolving it builds them), closure and auto-wired alike;
    /// one that fails does not stop the others.
    ///
    /// ```swift
    /// container.register(Database.self, lifetime: .singleton) { _ async throws in try await Database.connect() }
    ///     .onShutdown { database in try await database.close() }
    ///     .eager()
    /// try await container.start()   // connected before the first request
    /// ```
    ///
    /// Calling it again builds only what is not kept yet.
    ///
    /// - Throws: `StartupError`, with every eager registration that could not be built and why.
    public func start() async throws {
        var failures: [ResolutionError] = []
        for entry in registry.allEntries where entry.isEager {
            do {
                try await entry.startUp(in: self)
            } catch let error as ResolutionError {
                failures.append(error)
            } catch {
                failures.append(ResolutionError(.factoryFailed(underlying: error), path: [entry.service], registrationSite: entry.site))
            }
        }
        if !failures.isEmpty { throw StartupError(failures: failures) }
    }

    /// Ends the life of every instance this container keeps — singletons, weak and custom
    /// lifetimes' instances, scopes' generations, and the scopes open in `withScope` — running
    /// their `onShutdown` hooks one at a time, dependents before their dependencies; from then on,
    /// resolving from it throws `ResolutionError.Kind.shutDown`.
    ///
    /// ```swift
    /// let report = try await container.shutdown(timeout: .seconds(10))
    /// ```
    ///
    /// - A hook that throws is reported and does not stop the others.
    /// - A hook still running at the deadline is abandoned (it goes on, but is no longer waited
    ///   for) and named; those not started by then are skipped and named.
    /// - A resolve in flight either completes or throws `shutDown`; no instance is kept (nor built
    ///   again) after its hook ran.
    /// - A second call returns at once, with an empty report.
    ///
    /// Registrations of child containers are theirs to shut down; ready-made instances
    /// (`register(_:name:instance:)`) were not built by the container and have no hooks run.
    ///
    /// - Parameter timeout: How long to wait for the hooks in all.
    /// - Returns: What ran.
    /// - Throws: `ShutdownError` when a hook failed, was abandoned or skipped.
    @discardableResult
    public func shutdown(timeout: Duration) async throws -> ShutdownReport {
        let deadline = ContinuousClock.now + timeout
        guard let (refused, openScopes) = registry.shutDown() else { return ShutdownReport() }
        var endings = openScopes.flatMap { $0.close() }
        for entry in refused where !entry.isInstance {
            endings += entry.slot?.close() ?? []
        }
        let report = await Ending.run(endings, until: deadline)
        guard report.isClean else { throw ShutdownError(report: report) }
        return report
    }
}

/// The lifecycle around resolving: scopes opened per request or task, start-up of eager
/// registrations, and shutdown in dependency order.
extension Container {
    /// Runs `operation` in a new instance of `scope`: every `.scoped(scope)` registration
    /// resolved by this task and its child tasks gets one instance for the scope, shared within it;
    /// concurrent scopes each get their own, and their builds never wait for each other. When
    /// `operation` returns or throws, the scope's instances are shut down (their `onShutdown` hooks
    /// run, dependents first, told whether `operation` returned or threw), then dropped.
    ///
    /// ```swift
    /// container.register(RequestContext.self, providedBy: .request)
    /// container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in UnitOfWork(database: try r.resolve(Database.self)) }
    ///     .onShutdown { unit, reason in
    ///         if case .scopeSucceeded = reason { try await unit.commit() } else { try await unit.rollback() }
    ///     }
    ///
    /// let page = try await container.withScope(.request, providing: RequestContext(user: user)) {
    ///     try await container.resolve(ShowPageUseCase.self).run(request)
    /// }
    /// ```
    ///
    /// - **Task-local.** Like `withOverrides`, the scope is carried by the task: a child task shares
    ///   it, a `Task.detached` does not. Scopes nest; one of another name inside keeps both open,
    ///   one of the same name hides the outer one. Opened inside `withOverrides`, the scope sees
    ///   the overrides.
    /// - **Outside.** Where no `withScope(scope)` is open, a scope that requires one
    ///   (`Scope.requiresOpenScope`: `.request` does) refuses the resolve with
    ///   `ResolutionError.Kind.scopeNotOpen`; any other keeps one instance per generation of the
    ///   container (`reset(.scoped(scope))` starts a new one).
    /// - **Afterwards.** Work that outlives `operation` (an unstructured `Task` started inside)
    ///   and resolves a `.scoped(scope)` service is refused with `scopeNotOpen`: the scope's
    ///   instances ended with it, and none is built for work the scope no longer waits for. What
    ///   it resolved while the scope was open stays usable, but its hooks ran.
    /// - **Captive dependencies.** An instance kept longer than the scope (a singleton, a scope's
    ///   generation, an enclosing scope's) that asks for one of the scope's instances, directly
    ///   or through `Lazy`, is refused: `ResolutionError.Kind.captiveDependency`.
    /// - **Hooks.** Each hook runs once; one with a timeout (`onShutdown(timeout:_:)`) is
    ///   abandoned past it, and the scope's end reports it.
    ///
    /// - Parameters:
    ///   - scope: The scope to open.
    ///   - values: Values handed into the scope: each answers its type's
    ///     `register(_:name:providedBy:)` registration inside it (the request's user, its trace id).
    ///   - isolation: The caller's isolation, where `operation` runs; leave the default.
    ///   - operation: The work that runs in the scope.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws; else `ShutdownError` when a hook of the scope's instances
    ///   failed or was abandoned (the others ran all the same).
    public func withScope<R, each V: Sendable>(
        _ scope: Scope, providing values: repeat each V, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async throws -> R {
        var provided: [InstanceBox] = []
        for value in repeat each values { provided.append(InstanceBox(value)) }
        return try await withScope(scope, provided: provided, isolation: isolation, operation: operation)
    }

    /// `withScope(_:providing:isolation:operation:)` with no values handed in: the same scope, for
    /// the calls that hand in nothing without the cost of an empty parameter pack.
    public func withScope<R>(
        _ scope: Scope, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async throws -> R {
        try await withScope(scope, provided: [], isolation: isolation, operation: operation)
    }

    private func withScope<R>(
        _ scope: Scope, provided: [InstanceBox], isolation: isolated (any Actor)?, operation: () async throws -> R
    ) async throws -> R {
        // `ScopeHandle`'s `run` and `close`, written out: a request's cost, with no frame between.
        let open = OpenScope(scope, parent: OpenScope.innermost, provided: provided)
        let value: R
        do {
            value = try await OpenScope.$innermost.withValue(open, operation: operation, isolation: isolation)
        } catch {
            try await Ending.close(open.close(), reason: .scopeFailed(error), reporting: false, in: self)
            throw error
        }
        try await Ending.close(open.close(), reason: .scopeSucceeded, reporting: true, in: self)
        return value
    }

    /// Opens a new instance of `scope` that stays open until its `ScopeHandle.close(failing:)`,
    /// for work that cannot end the scope where one closure ends (a response body written after
    /// the handler returned); the work runs in `ScopeHandle.run(_:)`. The scope is the one
    /// `withScope(_:providing:isolation:operation:)` opens, with the scopes open here outside it;
    /// prefer `withScope` wherever one closure holds the work.
    ///
    /// ```swift
    /// let scope = container.openScope(.request, providing: RequestContext(user: user))
    /// let page = try await scope.run { try await container.resolve(ShowPageUseCase.self).run(request) }
    /// try await scope.close()
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The scope to open.
    ///   - values: Values handed into the scope, as `withScope(_:providing:isolation:operation:)`'s.
    /// - Returns: The open scope.
    public func openScope<each V: Sendable>(_ scope: Scope, providing values: repeat each V) -> ScopeHandle {
        var provided: [InstanceBox] = []
        for value in repeat each values { provided.append(InstanceBox(value)) }
        return ScopeHandle(open: OpenScope(scope, parent: OpenScope.innermost, provided: provided), container: self)
    }

    /// Builds every registration of this container marked `Registration.eager()`, each after the
    /// eager registrations it depends on, whatever the order they were registered in (resolving
    /// it builds its other dependencies), closure and auto-wired alike; one that fails does not
    /// stop the others.
    ///
    /// ```swift
    /// container.register(Database.self, lifetime: .singleton) { _ async throws in try await Database.connect() }
    ///     .onShutdown { database in try await database.close() }
    ///     .eager()
    /// try await container.start()   // connected before the first request
    /// ```
    ///
    /// The order comes from what each registration is known to depend on (an auto-wired
    /// initializer's parameters, what a factory asked for when it last ran); one that fails only
    /// because an eager `async` dependency is not built yet is tried again once the others are.
    /// Calling it again builds only what is not kept yet.
    ///
    /// - Throws: `StartupError`, with every eager registration that could not be built and why;
    ///   `ResolutionError.Kind.shutDown` once the container was shut down.
    public func start() async throws {
        guard !registry.isShutDown else {
            throw ResolutionError(.shutDown, path: [ServiceKey(typeName: "Container.start()")])
        }
        var pending = Self.startOrder(registry.allEntries.filter(\.isEager), in: self)
        var failures: [(entry: Entry, error: ResolutionError)] = []
        while !pending.isEmpty {
            failures = []
            var built = 0
            for entry in pending {
                do {
                    try await entry.startUp(in: self)
                    built += 1
                } catch let error as ResolutionError {
                    failures.append((entry, error))
                } catch {
                    let failure = ResolutionError(.factoryFailed(underlying: error), path: [entry.service], registrationSite: entry.site)
                    failures.append((entry, failure))
                }
            }
            // Tried again: those that needed an eager `async` registration built after them.
            let waiting = failures.filter { if case .asyncFactory = $0.error.kind { true } else { false } }
            guard built > 0, !waiting.isEmpty else { break }
            pending = waiting.map(\.entry)
        }
        if !failures.isEmpty { throw StartupError(failures: failures.map(\.error)) }
    }

    /// `eager` in an order where each comes after the eager registrations it is known to depend
    /// on (directly, or through registrations in between); otherwise in registration order.
    private static func startOrder(_ eager: [Entry], in container: Container) -> [Entry] {
        let keys = Set(eager.map(\.key))
        var ordered: [Entry] = []
        var placed: Set<Key> = []
        var visiting: Set<Key> = []
        func place(_ entry: Entry) {
            guard !placed.contains(entry.key), visiting.insert(entry.key).inserted else { return }
            var reached: Set<Key> = []
            var next = (entry.knownDependencies ?? []).map(\.key)
            while let key = next.popLast() {
                guard reached.insert(key).inserted else { continue }
                if keys.contains(key), let dependency = eager.first(where: { $0.key == key }) {
                    place(dependency)
                } else if let between = container.entry(for: key, scope: nil) {
                    next += (between.knownDependencies ?? []).map(\.key)
                }
            }
            placed.insert(entry.key)
            ordered.append(entry)
        }
        for entry in eager { place(entry) }
        return ordered
    }

    /// Ends the life of every instance this container keeps — singletons, weak and custom
    /// lifetimes' instances, scopes' generations, the scopes open in `withScope` that keep
    /// instances of its registrations (opened through a child container too), the builds in
    /// flight, and what replaced or removed registrations kept — running their `onShutdown`
    /// hooks, dependents before their dependencies; from then on, resolving from it throws
    /// `ResolutionError.Kind.shutDown`.
    ///
    /// ```swift
    /// let report = try await container.shutdown(timeout: .seconds(10))
    /// ```
    ///
    /// - A build in flight is waited for (within the deadline); what it built is not kept, and
    ///   its hooks run with the others. Hooks already running in the background (of a `reset`
    ///   nobody awaited, a replaced registration) are waited for first.
    /// - An instance's hooks start once the hooks of everything depending on it ended: a slow or
    ///   stuck hook holds back only what it depends on.
    /// - A hook that throws is reported and does not stop the others.
    /// - A hook still running at the deadline, or past its own timeout, is abandoned (it goes on,
    ///   but is no longer waited for) and named; those not started by then are skipped and named.
    /// - A second call returns at once, with an empty report; `start()`, `validate()` and every
    ///   resolve then throw `shutDown`.
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
        guard let refused = registry.shutDown() else { return ShutdownReport() }
        let (openScopes, running) = ledger.close()
        var endings = openScopes.flatMap { $0.close() }
        var building: [Slot] = []
        for entry in refused where !entry.isInstance {
            guard let slot = entry.slot else { continue }
            let (kept, isBuilding) = slot.close()
            endings += kept
            if isBuilding { building.append(slot) }
        }
        for slot in building {
            endings += await Ending.within(deadline) { await slot.drained() } ?? []
        }
        // What already ends in the background (a reset, a replacement) ends first: it may use
        // what the container's own endings close.
        var report = await Self.reports(of: running, until: deadline)
        // The order follows the registrations as they were: from now on they refuse.
        let registered = Dictionary(refused.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        report.merge(await Ending.run(endings, reason: .containerShutdown, until: deadline, registered: registered, in: self))
        guard report.isClean else { throw ShutdownError(report: report) }
        return report
    }

    /// What the hooks running in the background ran, those that ended by `deadline`.
    private static func reports(of running: [Task<ShutdownReport, Never>], until deadline: ContinuousClock.Instant) async
        -> ShutdownReport
    {
        var report = ShutdownReport()
        for task in running {
            if let ran = await Ending.within(deadline, { await task.value }) { report.merge(ran) }
        }
        return report
    }
}

extension Container {
    /// Registers `type` as a value handed into `scope` when it opens
    /// (`withScope(scope, providing: value)`): the request's user, headers or trace id, resolved
    /// like any `.scoped(scope)` service inside it.
    ///
    /// ```swift
    /// container.register(RequestContext.self, providedBy: .request)
    /// try await container.withScope(.request, providing: RequestContext(user: id)) {
    ///     try container.resolve(AuditLog.self)   // its factory resolves RequestContext
    /// }
    /// ```
    ///
    /// Validation knows it is provided (it does not call it unregistered); a consumer that lives
    /// longer than the scope is a captive dependency; inside a scope opened without a value of
    /// the type, resolving it throws `ResolutionError.Kind.notProvided`.
    ///
    /// - Parameters:
    ///   - type: The type of the value handed in.
    ///   - name: A name, to tell apart several registrations of the type.
    ///   - scope: The scope that is given the value when it opens.
    ///   - file: The file registering it, for errors and introspection; leave the default.
    ///   - line: The line registering it, for errors and introspection; leave the default.
    /// - Returns: The registration, for chaining.
    @discardableResult
    public func register<S: Sendable>(
        _ type: S.Type, name: Name? = nil, providedBy scope: Scope, file: StaticString = #fileID, line: Int = #line
    ) -> Registration<S> {
        register(type, name: name, lifetime: .scoped(scope), file: file, line: line) { _ in
            guard let value = OpenScope.innermost?.open(scope)?.provided(S.self) else { throw Refusal(kind: .notProvided(scope: scope)) }
            return value
        }
    }
}

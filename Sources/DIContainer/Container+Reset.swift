/// Ending the life of kept instances: a user session at sign-out, a flow when it completes.
extension Container {
    /// Drops every instance kept for registrations of `lifetime`, so each is built again on its
    /// next resolve.
    ///
    /// ```swift
    /// container.register(Cart.self, lifetime: .scoped(.session)) { _ in Cart() }
    /// // … at sign-out:
    /// container.reset(.scoped(.session))
    /// ```
    ///
    /// What is dropped: the instances of this container's registrations of `lifetime` (and of
    /// their context variants of it), and for registrations it inherits, the instances it would
    /// be given (they live in the ancestor, which sees the reset too); not those of registrations
    /// it replaces. Inside `withOverrides`, the scope's own instances, never the real ones.
    ///
    /// - `.singleton`, `.weak`, `.scoped(s)`: as above. Ready-made instances
    ///   (`register(_:name:instance:)`) are never dropped.
    /// - `.transient`, `.graph`: nothing is kept beyond one resolve; the call does nothing.
    ///
    /// **Threads.** A resolve that starts after `reset` returned never gets an instance of the
    /// previous generation, not even from a build in flight (it is done again).
    ///
    /// **Shutdown hooks.** The dropped instances' `onShutdown` hooks run in the background,
    /// dependents first; to wait for them and see what failed, use `reset(_:timeout:)`. Instances
    /// of a scope opened with `withScope` belong to that scope, not to its generation: they are
    /// not dropped here.
    ///
    /// - Parameter lifetime: The lifetime whose instances to drop.
    public func reset(_ lifetime: Lifetime) {
        ledger.endInBackground(reset(lifetime, where: { _ in true }), reason: .reset)
    }

    /// Drops the instances kept for registrations of `lifetime`, as `reset(_:)` does, and runs
    /// their `onShutdown` hooks, dependents first, waiting for them until `timeout` has passed.
    ///
    /// ```swift
    /// // at sign-out: the session's services flush and close before the next user signs in
    /// try await container.reset(.scoped(.session), timeout: .seconds(5))
    /// ```
    ///
    /// - Parameters:
    ///   - lifetime: The lifetime whose instances to drop.
    ///   - timeout: How long to wait for the hooks; one still running then is abandoned (it goes
    ///     on, but is no longer waited for) and those not started are skipped.
    /// - Returns: What ran.
    /// - Throws: `ShutdownError`, naming every hook that failed, was abandoned or skipped; the
    ///   others ran all the same, and every instance was dropped.
    @discardableResult
    public func reset(_ lifetime: Lifetime, timeout: Duration) async throws -> ShutdownReport {
        let endings = reset(lifetime, where: { _ in true })
        let report = await Ending.run(endings, reason: .reset, until: .now + timeout)
        guard report.isClean else { throw ShutdownError(report: report) }
        return report
    }

    /// Drops the kept instances of `type`'s registrations of `lifetime` (every name, every
    /// argument list), and of no other type; see `reset(_:)`.
    ///
    /// ```swift
    /// container.reset(.singleton, of: TokenStore.self)
    /// ```
    ///
    /// - Parameters:
    ///   - lifetime: The lifetime whose instances to drop.
    ///   - type: The service type whose registrations to reset.
    public func reset<S>(_ lifetime: Lifetime, of type: S.Type) {
        let type = ObjectIdentifier(S.self)
        ledger.endInBackground(reset(lifetime, where: { $0.key.type == type }), reason: .reset)
    }

    /// Drops what the matching registrations keep; returns the endings of the instances dropped.
    private func reset(_ lifetime: Lifetime, where matches: (Entry) -> Bool) -> [Ending] {
        let scope = currentScope
        var endings: [Ending] = []
        for entry in visibleEntries(scope: scope).flatMap(\.withVariants) where entry.lifetime == lifetime && matches(entry) {
            if let slot = entry.isInstance ? nil : entry.slot { endings += (scope.map { $0.slot(for: entry) } ?? slot).reset() }
        }
        return endings
    }
}

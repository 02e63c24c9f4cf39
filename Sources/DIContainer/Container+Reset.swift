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
    /// - Parameter lifetime: The lifetime whose instances to drop.
    public func reset(_ lifetime: Lifetime) {
        reset(lifetime, where: { _ in true })
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
        reset(lifetime, where: { $0.key.type == type })
    }

    private func reset(_ lifetime: Lifetime, where matches: (Entry) -> Bool) {
        let scope = currentScope
        for entry in visibleEntries(scope: scope).flatMap(\.withVariants) where entry.lifetime == lifetime && matches(entry) {
            if let slot = entry.isInstance ? nil : entry.slot { (scope.map { $0.slot(for: entry) } ?? slot).reset() }
        }
    }
}

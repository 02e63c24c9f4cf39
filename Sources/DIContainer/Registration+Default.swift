extension Registration {
    /// Says that this registration is a default — what a library registers for an app to
    /// replace: it yields to any other registration of its key (type, name and argument types)
    /// in the same container, whether that one is registered before or after it.
    ///
    /// ```swift
    /// struct ClockLibraryAssembly: Assembly {
    ///     func assemble(into container: Container) {
    ///         container.register((any Clock).self, lifetime: .singleton) { _ in SystemClock() }.asDefault()
    ///     }
    /// }
    /// container.apply(AppAssembly(), ClockLibraryAssembly())   // AppAssembly's clock answers,
    /// container.apply(ClockLibraryAssembly(), AppAssembly())   // in either order
    /// ```
    ///
    /// A default replaced this way is no duplicate: `validate()` does not report the pair (two
    /// defaults of one key still are one, and the later answers). `registrations` and the graph
    /// show a default that answers as `default`, and a registration a default yielded to with
    /// the default's place (`RegistrationInfo.yieldedDefault`). The mark covers this
    /// registration's own key, not the types it forwards with `implements(_:name:)`.
    ///
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func asDefault() -> Registration<Service> {
        container.registry.markDefault(key, of: registered.registration, replaced: replaced)
        return self
    }
}

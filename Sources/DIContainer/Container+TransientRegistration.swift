/// Registering services that are not `Sendable`: transient only (see `TransientLifetime`). The
/// parameters are those of the matching `register` overloads, with `lifetime: .transient` required
/// and written as that literal: a `Lifetime` value, even `.transient`, selects the `Sendable`
/// overloads instead.
extension Container {
    /// Registers a factory of a transient service, which need not be `Sendable`.
    ///
    /// ```swift
    /// container.register(NumberFormatter.self, lifetime: .transient) { _ in NumberFormatter() }
    /// ```
    ///
    /// Only the literal `.transient` (or a `TransientLifetime` value) selects this overload. A
    /// `Lifetime` value selects the `Sendable` one, whatever its case:
    ///
    /// ```swift
    /// let lifetime: Lifetime = .transient
    /// container.register(NumberFormatter.self, lifetime: lifetime) { _ in NumberFormatter() }
    /// // error: type 'NumberFormatter' does not conform to the 'Sendable' protocol
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - lifetime: `.transient`, written as the literal: a new instance per resolve.
    ///   - factory: Builds the service, resolving its dependencies from the resolver it is given.
    ///   - file: The file registering it, for errors and introspection; leave the default.
    ///   - line: The line registering it, for errors and introspection; leave the default.
    /// - Returns: The registration, for introspection, `implements(_:name:)` and `initCompleted(_:)`.
    @discardableResult
    public func register<S>(
        _ type: S.Type, name: Name? = nil, lifetime: TransientLifetime,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver) throws -> S
    ) -> Registration<S> {
        add(.plain(S.self, name: name, lifetime: .transient, file: file, line: line, factory))
    }

    /// Registers a factory of a transient service that takes runtime arguments; the service need
    /// not be `Sendable`.
    ///
    /// ```swift
    /// container.register(Draft.self, lifetime: .transient) { (r, title: String) in Draft(title: title) }
    /// ```
    // The argument-free factory above is the same shape with an empty pack, kept as its own
    // overload so that it is stored as it is: reaching it through the pack needs a wrapping
    // closure (Swift refuses to cast a function with a parameter pack to one without).
    @discardableResult
    public func register<S, each A>(
        _ type: S.Type, name: Name? = nil, lifetime: TransientLifetime,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, repeat each A) throws -> S
    ) -> Registration<S> {
        add(
            .sync(S.self, name: name, argumentTypes: Self.types(repeat (each A).self), lifetime: .transient, file: file, line: line) {
                (resolver, arguments: (repeat each A)) in try factory(resolver, repeat each arguments)
            })
    }

    /// Registers a transient factory that takes one runtime argument: the same as the form above
    /// with one argument, stored without a wrapping closure.
    @discardableResult
    public func register<S, A>(
        _ type: S.Type, name: Name? = nil, lifetime: TransientLifetime,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, A) throws -> S
    ) -> Registration<S> {
        add(.sync(S.self, name: name, argumentTypes: [A.self], lifetime: .transient, file: file, line: line, factory))
    }

    /// Registers a transient service built by an auto-wired initializer; the service need not be
    /// `Sendable`.
    ///
    /// ```swift
    /// container.register(ReportBuilder.self, lifetime: .transient, initializer: ReportBuilder.init)
    /// ```
    @_disfavoredOverload
    @discardableResult
    public func register<S, each D>(
        _ type: S.Type, name: Name? = nil, lifetime: TransientLifetime,
        file: StaticString = #fileID, line: Int = #line,
        initializer: @escaping @Sendable (repeat each D) throws -> S
    ) -> Registration<S> {
        add(
            .sync(
                S.self, name: name, lifetime: .transient, dependencyTypes: Self.types(repeat (each D).self), file: file, line: line
            ) { (resolver, _: Void) in try initializer(repeat resolver.resolve((each D).self, name: nil)) })
    }

    /// Registers a transient service built by an initializer whose first parameter is a runtime
    /// argument; the service need not be `Sendable`.
    ///
    /// ```swift
    /// container.register(Draft.self, lifetime: .transient, argument: String.self, initializer: Draft.init)
    /// ```
    @_disfavoredOverload
    @discardableResult
    public func register<S, A, each D>(
        _ type: S.Type, name: Name? = nil, lifetime: TransientLifetime, argument: A.Type,
        file: StaticString = #fileID, line: Int = #line,
        initializer: @escaping @Sendable (A, repeat each D) throws -> S
    ) -> Registration<S> {
        add(
            .sync(
                S.self, name: name, argumentTypes: [A.self], lifetime: .transient, dependencyTypes: Self.types(repeat (each D).self),
                file: file, line: line
            ) { (resolver, argument: A) in try initializer(argument, repeat resolver.resolve((each D).self, name: nil)) })
    }
}

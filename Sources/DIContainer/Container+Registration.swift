/// Registering services. Every form is lazy: nothing is built at registration, so a service may
/// be registered before or after the services it depends on. Registering the same type, name and
/// argument types again replaces the earlier registration (its singleton and its context
/// variants): the registration applied last wins. The replacement keeps the original's place in
/// registration order.
///
/// The service must be `Sendable` (instances may be handed to every thread). One that is not is
/// registered with `lifetime: .transient` (`TransientLifetime`), with `registerMainActor`, or —
/// taking responsibility for its thread safety — wrapped in `UncheckedSendable`. Only the literal
/// `.transient` written at the call selects the `TransientLifetime` overloads; a `Lifetime` value
/// that happens to be `.transient` still requires `Sendable` (see `TransientLifetime`).
///
/// Every form records where it was called (`file`, `line`, a `StaticString` as in XCTest): a
/// helper that registers for its caller declares `file: StaticString = #fileID, line: Int = #line`.
extension Container {
    /// Registers a factory that builds `type` from other services.
    ///
    /// ```swift
    /// container.register(CourseRepository.self, name: .local, lifetime: .singleton) { r in
    ///     LocalCourseRepository(cache: try r.resolve(CacheStore.self))
    /// }
    /// ```
    ///
    /// The same call takes a factory with runtime arguments (`{ (r, courseID: Int) in … }`,
    /// resolved with `resolve(_:name:arguments:)`) or an `async` one (resolved with `resolveAsync`).
    ///
    /// The service must be `Sendable`. A service that is not can still be transient, but only with
    /// the literal `lifetime: .transient` at the call: that spelling picks the `TransientLifetime`
    /// overload. A `Lifetime` value picks this one, whatever its case:
    ///
    /// ```swift
    /// container.register(NumberFormatter.self, lifetime: .transient) { _ in NumberFormatter() }  // compiles
    /// let lifetime: Lifetime = .transient
    /// container.register(NumberFormatter.self, lifetime: lifetime) { _ in NumberFormatter() }
    /// // error: type 'NumberFormatter' does not conform to the 'Sendable' protocol
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type, usually a protocol.
    ///   - name: Tells several registrations of one type apart; `nil` for the unnamed one.
    ///   - lifetime: How long built instances live; the container's default lifetime (`.transient`,
    ///     a new one each time, unless the container was made with another) when `nil`. The
    ///     service must be `Sendable` whatever the value; see above for non-`Sendable` ones.
    ///   - factory: Builds the service, resolving its dependencies from the resolver it is given.
    ///     Errors it throws reach the caller of `resolve` as `ResolutionError.Kind.factoryFailed`.
    ///   - file: The file registering it, for errors and introspection; leave the default.
    ///   - line: The line registering it, for errors and introspection; leave the default.
    /// - Returns: The registration, for introspection, `implements(_:name:)` and `initCompleted(_:)`.
    @discardableResult
    public func register<S: Sendable>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver) throws -> S
    ) -> Registration<S> {
        add(.plain(S.self, name: name, lifetime: lifetime ?? defaultLifetime, file: file, line: line, factory))
    }

    /// Registers a factory that takes runtime arguments, of any number, given to `resolve`.
    ///
    /// The argument types are part of the key: `resolve(_:arguments:)` must pass the same types in
    /// the same order. With the `graph`, `singleton` and `weak` lifetimes the instance is shared
    /// whatever the arguments, so those usually stay `transient`.
    ///
    /// ```swift
    /// container.register(CourseDetailPresenter.self) { (r, courseID: Int) in
    ///     CourseDetailPresenter(courseID: courseID, useCase: try r.resolve(GetCourseDetailUseCase.self))
    /// }
    /// let presenter = try container.resolve(CourseDetailPresenter.self, arguments: 42)
    /// ```
    ///
    /// Parameters and result as in `register(_:name:lifetime:file:line:factory:)`; the factory
    /// builds the service from a resolver and the runtime arguments.
    // The argument-free factory above is the same shape with an empty pack, kept as its own
    // overload so that it is stored as it is: reaching it through the pack needs a wrapping
    // closure (Swift refuses to cast a function with a parameter pack to one without).
    @discardableResult
    public func register<S: Sendable, each A>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, repeat each A) throws -> S
    ) -> Registration<S> {
        add(
            .sync(
                S.self, name: name, argumentTypes: Self.types(repeat (each A).self), lifetime: lifetime ?? defaultLifetime,
                file: file, line: line
            ) { (resolver, arguments: (repeat each A)) in try factory(resolver, repeat each arguments) })
    }

    /// Registers a factory that takes one runtime argument: the same as the form above with one
    /// argument (`{ (r, courseID: Int) in … }` picks this one).
    // Its own overload, as the argument-free one is, so that the usual case is stored as it is:
    // through the pack, every call would go through a wrapping closure.
    @discardableResult
    public func register<S: Sendable, A>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, A) throws -> S
    ) -> Registration<S> {
        add(.sync(S.self, name: name, argumentTypes: [A.self], lifetime: lifetime ?? defaultLifetime, file: file, line: line, factory))
    }

    /// Registers an `async` factory, with or without runtime arguments. Resolve it with
    /// `try await resolveAsync(_:name:)` (or `resolveAsync(_:name:arguments:)`); a synchronous
    /// `resolve` of it throws `ResolutionError.Kind.asyncFactory`. An `async` singleton is built
    /// exactly once even when many tasks ask for it at the same time.
    ///
    /// ```swift
    /// container.register(Database.self, lifetime: .singleton) { r in
    ///     try await Database.open(at: try r.resolve(URL.self, name: "database"))
    /// }
    /// let database = try await container.resolveAsync(Database.self)
    ///
    /// container.register(Thumbnail.self) { (r, url: URL) in try await Thumbnail.load(url) }
    /// let thumbnail = try await container.resolveAsync(Thumbnail.self, arguments: imageURL)
    /// ```
    ///
    /// Parameters and result as in `register(_:name:lifetime:file:line:factory:)`; the factory
    /// may `await`, takes the runtime arguments (none for `{ r in … }`) after the resolver, and
    /// resolves dependencies with `resolveAsync` (or `resolve`).
    @discardableResult
    public func register<S: Sendable, each A>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, repeat each A) async throws -> S
    ) -> Registration<S> {
        add(
            .async(
                S.self, name: name, argumentTypes: Self.types(repeat (each A).self), lifetime: lifetime ?? defaultLifetime,
                file: file, line: line
            ) { (resolver, arguments: (repeat each A)) in try await factory(resolver, repeat each arguments) })
    }

    /// Registers an `async` factory that takes one runtime argument: the same as the form above
    /// with one argument, stored without a wrapping closure.
    @discardableResult
    public func register<S: Sendable, A>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, A) async throws -> S
    ) -> Registration<S> {
        add(.async(S.self, name: name, argumentTypes: [A.self], lifetime: lifetime ?? defaultLifetime, file: file, line: line, factory))
    }

    /// Registers a ready-made instance. Every resolve returns it (a copy, for value types), in
    /// every scope, test overrides included.
    ///
    /// ```swift
    /// container.register(APIConfiguration.self, instance: APIConfiguration(baseURL: url))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - instance: The instance to hand out.
    ///   - file: The file registering it, for errors and introspection; leave the default.
    ///   - line: The line registering it, for errors and introspection; leave the default.
    /// - Returns: The registration, for introspection, `implements(_:name:)` and `initCompleted(_:)`.
    @discardableResult
    public func register<S: Sendable>(
        _ type: S.Type, name: Name? = nil, instance: S, file: StaticString = #fileID, line: Int = #line
    ) -> Registration<S> {
        let entry = Factory<S, Void>(
            Entry.Definition(
                key: Key(S.self, name: name, arguments: Void.self), serviceType: S.self, lifetime: .singleton, file: file,
                isInstance: true, line: Int32(clamping: line)),
            .plain { _ in instance })
        entry.slot?.storage.store(InstanceBox(instance))
        return add(entry)
    }

    /// Registers `type` built by an initializer (or any function) whose parameters are all
    /// resolved by type — initializer auto-wiring. Its dependencies are known without building
    /// anything, so `validate()` checks them statically.
    ///
    /// ```swift
    /// container.register(CourseRepository.self, initializer: RemoteCourseRepository.init)
    /// // resolves RemoteCourseRepository.init(apiClient: APIClient, cache: CacheStore)
    /// ```
    ///
    /// Every parameter is resolved unnamed; use a factory closure when one needs a name.
    ///
    /// Parameters and result as in `register(_:name:lifetime:file:line:factory:)`; `initializer`
    /// is a function from the dependencies to the service.
    // Disfavored so that a trailing closure `{ (r, id: Int) in … }` means a factory with
    // runtime arguments, never an initializer whose first parameter happens to be a resolver.
    @_disfavoredOverload
    @discardableResult
    public func register<S: Sendable, each D>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil,
        file: StaticString = #fileID, line: Int = #line,
        initializer: @escaping @Sendable (repeat each D) throws -> S
    ) -> Registration<S> {
        add(
            .sync(
                S.self, name: name, lifetime: lifetime ?? defaultLifetime, dependencyTypes: Self.types(repeat (each D).self),
                file: file, line: line
            ) { (resolver, _: Void) in try initializer(repeat resolver.resolve((each D).self, name: nil)) })
    }

    /// Registers `type` built by an initializer whose first parameter is a runtime argument and
    /// whose other parameters are resolved by type. `validate()` checks those dependencies
    /// without building anything, even though the argument is only known at resolve time.
    ///
    /// ```swift
    /// container.register(CourseDetailPresenter.self, argument: Int.self, initializer: CourseDetailPresenter.init)
    /// // CourseDetailPresenter.init(courseID: Int, getCourseDetailUseCase: GetCourseDetailUseCase, scheduler: any Scheduler)
    /// let presenter = try container.resolve(CourseDetailPresenter.self, arguments: 42)
    /// ```
    ///
    /// Two or more runtime arguments take a factory closure, `{ (r, id: Int, title: String) in … }`
    /// (Swift cannot infer a pack of arguments followed by a pack of dependencies), which
    /// validation checks once it has run; or gather them in one value and keep this form.
    ///
    /// Parameters and result as in `register(_:name:lifetime:file:line:factory:)`; `argument` is
    /// the runtime argument's type, `initializer` a function from it and the dependencies.
    @_disfavoredOverload
    @discardableResult
    public func register<S: Sendable, A, each D>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil, argument: A.Type,
        file: StaticString = #fileID, line: Int = #line,
        initializer: @escaping @Sendable (A, repeat each D) throws -> S
    ) -> Registration<S> {
        add(
            .sync(
                S.self, name: name, argumentTypes: [A.self], lifetime: lifetime ?? defaultLifetime,
                dependencyTypes: Self.types(repeat (each D).self), file: file, line: line
            ) { (resolver, argument: A) in try initializer(argument, repeat resolver.resolve((each D).self, name: nil)) })
    }

    /// The types of a parameter pack, in order: a factory's runtime arguments, or the
    /// dependencies an initializer's parameters declare.
    static func types<each A>(_ types: repeat (each A).Type) -> [Any.Type] {
        var result: [Any.Type] = []
        for type in repeat each types {
            result.append(type)
        }
        return result
    }

    /// Adds `entry`, replacing any registration under the same key.
    func add<S>(_ entry: Entry) -> Registration<S> {
        let replaced = registry.add(entry)
        return Registration(registered: entry, container: self, replaced: replaced)
    }
}

/// The entries the `register` overloads make.
extension Entry {
    /// A registration of a synchronous factory of `S` taking runtime arguments `Args` (`Void`
    /// for none).
    static func sync<S, Args>(
        _: S.Type, name: Name?, argumentTypes: [Any.Type] = [], lifetime: Lifetime, kind: Kind = .sync,
        dependencyTypes: [Any.Type]? = nil, file: StaticString, line: Int,
        _ body: @escaping @Sendable (any Resolver, Args) throws -> S
    ) -> Entry {
        Factory(
            Definition(
                key: Key(type: ObjectIdentifier(S.self), name: name, arguments: ObjectIdentifier(Args.self)), serviceType: S.self,
                argumentTypes: argumentTypes, lifetime: lifetime, dependencyTypes: dependencyTypes, file: file, kind: kind,
                line: Int32(clamping: line)),
            .withArguments(body))
    }

    /// A registration of a synchronous factory of `S` without runtime arguments.
    static func plain<S>(
        _: S.Type, name: Name?, lifetime: Lifetime, file: StaticString, line: Int,
        _ body: @escaping @Sendable (any Resolver) throws -> S
    ) -> Entry {
        Factory<S, Void>(
            Definition(
                key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), serviceType: S.self,
                lifetime: lifetime, file: file, line: Int32(clamping: line)),
            .plain(body))
    }

    /// A registration of an `async` factory of `S` taking runtime arguments `Args`.
    static func async<S, Args>(
        _: S.Type, name: Name?, argumentTypes: [Any.Type] = [], lifetime: Lifetime, file: StaticString, line: Int,
        _ body: @escaping @Sendable (any Resolver, Args) async throws -> S
    ) -> Entry {
        Factory(
            Definition(
                key: Key(type: ObjectIdentifier(S.self), name: name, arguments: ObjectIdentifier(Args.self)), serviceType: S.self,
                argumentTypes: argumentTypes, lifetime: lifetime, file: file, kind: .async, line: Int32(clamping: line)),
            .async(body))
    }
}

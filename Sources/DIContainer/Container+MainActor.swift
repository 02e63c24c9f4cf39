import DIContainerLocking

/// Registering main-actor services: view models, coordinators, presenters — anything whose
/// initializer is `@MainActor`, as every type of a module built with default main-actor isolation
/// is.
///
/// Swift cannot overload `register` on the isolation of its closure alone, so these have their own
/// name, `registerMainActor`, with the same parameters as `register`. Resolve the services with the
/// ordinary `resolve`, synchronously, from main-actor code:
///
/// ```swift
/// container.registerMainActor(ProfileViewModel.self) { r in
///     ProfileViewModel(session: try r.resolve(Session.self))
/// }
/// @MainActor func showProfile() throws {
///     let model = try container.resolve(ProfileViewModel.self)   // no await
/// }
/// ```
///
/// The container runs a main-actor factory, and hands out a main-actor registration's kept
/// instance (`singleton`, `weak`, `graph`), only on the main actor. Asked for anywhere else — a
/// background task, or the factory of a nonisolated service resolved there — it throws
/// `ResolutionError.Kind.mainActorRequired` naming the path; it never traps and never races. From
/// such code, hop first: `await MainActor.run { try container.resolve(ProfileViewModel.self) }`
/// (the compiler then checks that what leaves the main actor may). `resolveAsync` runs off the
/// main actor, so main-actor services are resolved with `resolve`. Main-actor services may depend
/// on nonisolated ones, and their instances need not be `Sendable`: the container never hands them
/// to other code.
///
/// `validateAsync()` checks them on the main actor from anywhere; `validate()` and
/// `registrations` only when called there (elsewhere they list them as not checked).
extension Container {
    /// Registers a `@MainActor` factory, with or without runtime arguments (given to
    /// `resolve(_:name:arguments:)` on the main actor).
    ///
    /// ```swift
    /// container.registerMainActor(ProfileViewModel.self, lifetime: .singleton) { r in
    ///     ProfileViewModel(session: try r.resolve(Session.self))
    /// }
    /// container.registerMainActor(CourseViewModel.self) { (r, courseID: Int) in
    ///     CourseViewModel(courseID: courseID, useCase: try r.resolve(GetCourseUseCase.self))
    /// }
    /// let model = try container.resolve(CourseViewModel.self, arguments: 42)
    /// ```
    ///
    /// The service need not be `Sendable`, whatever the lifetime: the container hands it out only
    /// on the main actor.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - lifetime: How long built instances live; the container's default lifetime when `nil`.
    ///   - factory: Builds the service on the main actor from a resolver and the runtime arguments
    ///     (none for `{ r in … }`), resolving its dependencies from the resolver.
    ///   - file: The file registering it, for errors and introspection; leave the default.
    ///   - line: The line registering it, for errors and introspection; leave the default.
    /// - Returns: The registration, for introspection, `implements(_:name:)` and `initCompleted(_:)`.
    @discardableResult
    public func registerMainActor<S, each A>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil,
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @MainActor @Sendable (any Resolver, repeat each A) throws -> S
    ) -> Registration<S> {
        add(
            .sync(
                S.self, name: name, argumentTypes: Self.types(repeat (each A).self), lifetime: lifetime ?? defaultLifetime,
                kind: .mainActor, file: file, line: line,
                MainActorFactory.checked { @MainActor (resolver, arguments: (repeat each A)) in
                    try factory(resolver, repeat each arguments)
                }))
    }

    /// Registers `type` built by a `@MainActor` initializer whose parameters are all resolved by
    /// type (auto-wiring); `validate()` checks them without building anything, on any thread.
    ///
    /// ```swift
    /// container.registerMainActor(ProfileViewModel.self, initializer: ProfileViewModel.init)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - lifetime: How long built instances live; the container's default lifetime when `nil`.
    ///   - initializer: A main-actor function from the dependencies to the service.
    ///   - file: The file registering it, for errors and introspection; leave the default.
    ///   - line: The line registering it, for errors and introspection; leave the default.
    /// - Returns: The registration, for introspection, `implements(_:name:)` and `initCompleted(_:)`.
    @_disfavoredOverload
    @discardableResult
    public func registerMainActor<S, each D>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil,
        file: StaticString = #fileID, line: Int = #line,
        initializer: @escaping @MainActor @Sendable (repeat each D) throws -> S
    ) -> Registration<S> {
        add(
            .sync(
                S.self, name: name, lifetime: lifetime ?? defaultLifetime, kind: .mainActor,
                dependencyTypes: Self.types(repeat (each D).self), file: file, line: line,
                MainActorFactory.checked { @MainActor (resolver, _: Void) in
                    try initializer(repeat resolver.resolve((each D).self, name: nil))
                }))
    }

    /// Registers `type` built by a `@MainActor` initializer whose first parameter is a runtime
    /// argument and whose other parameters are resolved by type.
    ///
    /// ```swift
    /// container.registerMainActor(CourseViewModel.self, argument: Int.self, initializer: CourseViewModel.init)
    /// let model = try container.resolve(CourseViewModel.self, arguments: 42)
    /// ```
    ///
    /// Two or more runtime arguments take a factory closure,
    /// `registerMainActor(LessonViewModel.self) { (r, id: Int, title: String) in … }` (Swift cannot
    /// infer a pack of arguments followed by a pack of dependencies).
    ///
    /// The parameters are those of `registerMainActor(_:name:lifetime:file:line:initializer:)`,
    /// with `argument`, the runtime argument's type, first in the initializer.
    @_disfavoredOverload
    @discardableResult
    public func registerMainActor<S, A, each D>(
        _ type: S.Type, name: Name? = nil, lifetime: Lifetime? = nil, argument: A.Type,
        file: StaticString = #fileID, line: Int = #line,
        initializer: @escaping @MainActor @Sendable (A, repeat each D) throws -> S
    ) -> Registration<S> {
        add(
            .sync(
                S.self, name: name, argumentTypes: [A.self], lifetime: lifetime ?? defaultLifetime, kind: .mainActor,
                dependencyTypes: Self.types(repeat (each D).self), file: file, line: line,
                MainActorFactory.checked { @MainActor (resolver, argument: A) in
                    try initializer(argument, repeat resolver.resolve((each D).self, name: nil))
                }))
    }
}

/// How a `registerMainActor` factory runs: only on the main actor. The engine checks before each
/// step of such a registration (`Entry.Kind.mainActor`); this check keeps the call sound whoever
/// calls it.
enum MainActorFactory {
    static func checked<Args, S>(
        _ factory: @escaping @MainActor @Sendable (any Resolver, Args) throws -> S
    ) -> @Sendable (any Resolver, Args) throws -> S {
        MainActorIsolation.checking(factory) { throw Refusal(kind: .mainActorRequired) }
    }
}

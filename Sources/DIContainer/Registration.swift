/// A registration in the container, as returned by `register`: describe it with `info`, forward
/// more types to it with `implements(_:name:)`, add post-build hooks with `initCompleted(_:)`,
/// variants per context with `when(_:lifetime:file:line:factory:)`, and mark it `liveOnly()`.
///
/// ```swift
/// container.register(UserSession.self, lifetime: .singleton) { _ in UserSession() }
///     .implements(TokenProvider.self)
///     .implements(SessionInvalidator.self, name: "auth")
///     .initCompleted { r, session in session.delegate = try r.resolve(SessionDelegate.self) }
/// ```
///
/// `Service` is the registered type; `Registration.Info` (the readable description that
/// `Container.registrations` lists) does not depend on it.
public struct Registration<Service>: Sendable {
    /// The registration as `register` made it, before anything was added to it.
    let registered: Entry
    var key: Key { registered.key }
    /// This registration's entry as it is now, with what was added to it (or as `register` made
    /// it, once replaced or removed).
    var current: Entry {
        container.registry.entry(for: key).flatMap { $0.registration == registered.registration ? $0 : nil } ?? registered
    }
    /// The container `entry` was added to, where forwarded types are added too.
    let container: Container
    /// The registration that adding this one replaced, if any: the one answering again should
    /// this one say it is a default (`asDefault()`).
    var replaced: Entry? = nil

    /// What this registration is, in readable form.
    public var info: Info {
        container.info(of: current)
    }

    /// Forwards `type` (under `name`) to this registration: resolving it gives the instance this
    /// registration's lifetime gives — the same singleton, the same `graph` instance within one
    /// resolution — built with the same runtime arguments, so the argument types of the
    /// forwarded key are those of this registration. Chain it to forward several types.
    ///
    /// ```swift
    /// container.register(UserSession.self, lifetime: .singleton) { _ in UserSession() }
    ///     .implements(TokenProvider.self)
    ///     .implements(SessionInvalidator.self)
    /// try container.resolve(TokenProvider.self) === try container.resolve(SessionInvalidator.self)  // true
    /// ```
    ///
    /// The conformance is checked on each resolve (Swift cannot require it of `Service`): an
    /// instance that is not a `type` throws `ResolutionError.Kind.forwardingMismatch`, and
    /// `validate()` reports it. The forwarded key is an alias that `registrations`, the graph and
    /// error paths show as one; registered like any other key (a test override of `type` wins
    /// over it), it belongs to this registration: registering `Service` again drops it.
    ///
    /// - Parameters:
    ///   - type: The forwarded type, usually a protocol the instance conforms to.
    ///   - name: The name to forward it under; `nil` for the unnamed one.
    ///   - file: The file forwarding it, for errors and introspection; leave the default.
    ///   - line: The line forwarding it, for errors and introspection; leave the default.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func implements<Forwarded>(
        _ type: Forwarded.Type, name: Name? = nil, file: StaticString = #fileID, line: Int = #line
    ) -> Registration<Service> {
        container.registry.add(registered.alias(Forwarded.self, name: name, in: container, file: file, line: line))
        return self
    }

    /// Adds a hook that runs on each new instance once it is built and stored by its lifetime,
    /// inside the same resolution: the place for back-references and other property injection
    /// that would close a cycle in a factory.
    ///
    /// ```swift
    /// container.register(ChatService.self, lifetime: .singleton) { r in ChatService(api: try r.resolve(API.self)) }
    ///     .initCompleted { r, chat in chat.notifications = try r.resolve(NotificationService.self) }
    /// container.register(NotificationService.self, lifetime: .singleton) { r in
    ///     NotificationService(chat: try r.resolve(ChatService.self))   // the ChatService being completed
    /// }
    /// ```
    ///
    /// - **When.** After the top-level instance is built and stored, before `resolve` returns,
    ///   oldest new instance first, a registration's hooks in the order added. Every instance of
    ///   the graph is stored by then, so a hook resolving a back-reference gets the stored
    ///   `graph`, `singleton` or `weak` instance, not a cycle error, and no factory runs twice.
    /// - **How often.** Once per new instance (for `transient`, per resolve), never for a reused
    ///   one nor a ready-made instance. A `singleton` is stored before its hooks run, so another
    ///   thread may get it before they finish.
    /// - **Checked.** What hooks ask for is recorded on their first run: `validate()` reports it
    ///   when missing, and `graph(format:)` draws it dashed.
    /// - **Failures.** `resolve` throws `ResolutionError.Kind.initCompletedFailed` (or the hook's
    ///   own `ResolutionError`), and a `singleton` or `weak` instance is dropped from its store.
    ///
    /// - Parameter hook: Receives a resolver (as a factory does) and the new instance.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func initCompleted(
        _ hook: @escaping @Sendable (_ resolver: any Resolver, _ service: Service) throws -> Void
    ) -> Registration<Service> {
        container.registry.update(key, of: registered.registration) { current, _ in
            current.hooked { resolver, instance in
                // The engine passes the instance as the registration's service type.
                if let service = instance as? Service { try hook(resolver, service) }
            }
        }
        return self
    }
}

extension Registration {
    /// Says that this registration replaces an earlier one of the same key on purpose: a debug or
    /// test assembly, applied after the app's, swapping a production service for another.
    ///
    /// ```swift
    /// struct DebugAssembly: Assembly {
    ///     func assemble(into container: Container) {
    ///         container.register((any Transport).self, lifetime: .singleton) { _ in FixtureTransport() }
    ///             .replacing()
    ///     }
    /// }
    /// container.apply(AppAssembly(), DebugAssembly())   // the later registration answers
    /// ```
    ///
    /// Registering a key that is already registered in the same container replaces the earlier
    /// registration either way; without this mark, `validate()` and `validateAsync()` report the
    /// key as registered twice, with both places (`ValidationError.duplicates`): two modules
    /// registering one service is usually a mistake, and which one answers depends on the order
    /// the assemblies were applied in. It covers the types this registration forwards with
    /// `implements(_:name:)` before it. A child container registering its parent's key, and a
    /// test override, replace nothing and need no mark.
    ///
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func replacing() -> Registration<Service> {
        container.registry.markReplacing(key, by: registered.registration)
        return self
    }
}

extension Registration {
    /// A readable description of one registration; see `RegistrationInfo`.
    public typealias Info = RegistrationInfo
}

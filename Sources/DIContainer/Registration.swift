/// A registration in the container, as returned by `register`: describe it with `info`, forward
/// more types to it with `implements(_:name:)`, and add post-build hooks with `initCompleted(_:)`.
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
    let entry: Entry
    /// The container `entry` was added to, where forwarded types are added too.
    let container: Container

    /// What this registration is, in readable form.
    public var info: Info {
        Info(entry)
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
    /// Swift cannot require `Service`'s instances to conform to `type` (it may be a protocol the
    /// concrete class adopts), so the conformance is checked on each resolve: an instance that is
    /// not a `type` throws `ResolutionError.Kind.forwardingMismatch`, and `validate()` reports it.
    ///
    /// The forwarded key is an alias of this registration: `registrations`, `graph(format:)` and
    /// error paths show it as one, with this registration's lifetime. It is registered like any
    /// other key — it replaces an earlier registration of `type` under `name`, a later one
    /// replaces it, and a test override of `type` wins over it. It belongs to this registration:
    /// registering `Service` again does not carry it over (declare it on the new registration).
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
        if let target = entry.factory as? any Forwardable {
            container.registry.add(target.alias(Forwarded.self, of: entry, name: name, file: file, line: line))
        }
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
    /// - **When.** Hooks run after the resolution's top-level instance is built and stored, before
    ///   `resolve` returns, oldest new instance first; several hooks of one registration run in
    ///   the order they were added. By then every instance of the graph is stored, so a hook
    ///   that resolves a back-reference — to the instance it completes, or to one whose factory
    ///   is what asked for it — gets the stored `graph`, `singleton` or `weak` instance instead of
    ///   a cycle error, and no factory runs twice. (Swinject runs a hook as soon as its instance
    ///   is built, and runs a factory a second time in the shapes where that is too early.)
    ///   Instances that hooks build get their hooks in the same pass.
    /// - **How often.** Once per new instance, never for an instance the lifetime reuses (a built
    ///   singleton, the resolution's `graph` instance, a live `weak` one); for `transient`, once
    ///   per resolve. A `transient` instance is stored nowhere: resolving it back from a hook
    ///   builds another one, and from its own hook, is a circular dependency.
    /// - **Who sees what.** A factory that asks for the instance gets it before its hooks have
    ///   run. A `singleton` is stored before its hooks run, as in Swinject: another resolution
    ///   (another thread) asking for it at that moment gets it before they have finished. Hooks
    ///   still run exactly once per instance.
    /// - **Ready-made instances** (`register(_:name:instance:)`) are never new: their hooks never run.
    /// - **Checked.** What the hooks ask for through the resolver they get is recorded on their
    ///   first run: `validate()` reports it when missing (a cycle through a hook is not a
    ///   problem), and `graph(format:)` draws it as dashed edges.
    /// - **Failures.** If a hook throws, `resolve` throws `ResolutionError.Kind.initCompletedFailed`
    ///   (or the hook's own `ResolutionError`), and a `singleton` or `weak` instance is dropped
    ///   from its store, so the next resolve builds it again. The other new instances still get
    ///   their hooks.
    ///
    /// - Parameter hook: Receives a resolver (as a factory does) and the new instance.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func initCompleted(
        _ hook: @escaping @Sendable (_ resolver: any Resolver, _ service: Service) throws -> Void
    ) -> Registration<Service> {
        entry.addHook { resolver, instance in
            // The engine passes the instance as the registration's service type.
            if let service = instance as? Service { try hook(resolver, service) }
        }
        return self
    }
}

extension Registration {
    /// A readable description of one registration; see `RegistrationInfo`.
    public typealias Info = RegistrationInfo
}

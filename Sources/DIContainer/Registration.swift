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
    /// The registrations `entry` was added to, where forwarded types are added too.
    let registry: Registry

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
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func implements<Forwarded>(
        _ type: Forwarded.Type, name: Name? = nil, file: String = #fileID, line: Int = #line
    ) -> Registration<Service> {
        if let target = entry as? any Forwardable {
            registry.add(target.alias(Forwarded.self, name: name, file: file, line: line))
        }
        return self
    }

    /// Adds a hook that runs on each new instance after it was built and stored by its lifetime,
    /// inside the same resolution: use it to set back-references and other property injections
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
    /// - Hooks run in the order they were added, once per new instance: never for an instance
    ///   the lifetime reuses (a built singleton, the resolution's `graph` instance, a live `weak`
    ///   one), every time for `transient`.
    /// - What the hook resolves continues the resolution that built the instance, and that
    ///   instance is already stored: with the `graph`, `singleton` and `weak` lifetimes a
    ///   dependency that resolves it back gets it. A `transient` instance is stored nowhere, so
    ///   resolving it back from its own hook is still a circular dependency.
    /// - A `singleton` is stored before its hooks run, as in Swinject: another thread that
    ///   resolves it at that moment gets it before the hooks have finished (resolves of the same
    ///   resolution always see it completed by the time the top-level `resolve` returns). Hooks
    ///   still run exactly once per instance.
    /// - If a hook throws, the resolve throws `ResolutionError.Kind.initCompletedFailed` (or the
    ///   hook's own `ResolutionError`), and a `singleton` or `weak` instance is dropped from its
    ///   store, so the next resolve builds it again.
    ///
    /// - Parameter hook: Receives a resolver (as a factory does) and the new instance.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func initCompleted(
        _ hook: @escaping @Sendable (_ resolver: any Resolver, _ service: Service) throws -> Void
    ) -> Registration<Service> {
        entry.completion.append { resolver, instance in
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

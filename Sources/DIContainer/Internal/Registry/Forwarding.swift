/// Type forwarding (`Registration.implements(_:name:)`): a forwarded key is answered by an alias
/// entry — a factory of the forwarded type, with the same runtime argument types, whose step
/// resolves the target entry in the same resolution and casts its instance.
///
/// The alias keeps nothing itself (its storage is `transient`'s): the target's lifetime decides
/// which instance it gets, so one singleton or one `graph` instance answers every forwarded key.
/// Cycles through an alias are found on the target's entry, as for any other step.
protocol Forwardable: Entry {
    /// An alias entry for `type` under `name` that forwards to this registration.
    func alias<F>(_ type: F.Type, name: Name?, file: StaticString, line: Int) -> Entry
}

extension FactoryBox: Forwardable {
    func alias<F>(_ type: F.Type, name: Name?, file: StaticString, line: Int) -> Entry {
        FactoryBox<F, Args>(
            { resolver, arguments in
                let frame = try Self.forwardingStep(resolver, target: self)
                let value = try frame.resolution.container.resolve(
                    S.self, entry: self, arguments: arguments, parent: frame, resolution: frame.resolution,
                    context: ThreadContext.current)
                return try Self.forwarded(value, as: F.self, from: self, in: frame)
            },
            key: Key(type: ObjectIdentifier(F.self), name: name, arguments: key.arguments),
            argumentTypes: argumentTypes, lifetime: .transient, forwardingTarget: self, file: file, line: line)
    }
}

extension AsyncFactoryBox: Forwardable {
    func alias<F>(_ type: F.Type, name: Name?, file: StaticString, line: Int) -> Entry {
        AsyncFactoryBox<F, Args>(
            { resolver, arguments in
                let frame = try Self.forwardingStep(resolver, target: self)
                let value = try await frame.resolution.container.resolveAsync(
                    S.self, entry: self, arguments: arguments, parent: frame, resolution: frame.resolution)
                return try Self.forwarded(value, as: F.self, from: self, in: frame)
            },
            key: Key(type: ObjectIdentifier(F.self), name: name, arguments: key.arguments),
            argumentTypes: argumentTypes, lifetime: .transient, forwardingTarget: self, file: file, line: line)
    }
}

extension Entry {
    /// The alias's step (the resolver the engine hands its factory), recording the target as its
    /// dependency.
    static func forwardingStep(_ resolver: any Resolver, target: Entry) throws -> Frame {
        // The engine runs every factory with its step as the resolver; nothing else calls one.
        guard let frame = resolver as? Frame else {
            throw ResolutionError(.notRegistered, path: [target.service])
        }
        frame.record(Dependency(target))
        return frame
    }

    /// `value` as the forwarded type `F`, or the error saying it is not one.
    static func forwarded<S, F>(_ value: S, as _: F.Type, from target: Entry, in frame: Frame) throws -> F {
        guard let forwarded = value as? F else {
            throw ResolutionError(
                .forwardingMismatch(target: target.service, instanceType: displayName(of: type(of: value as Any))),
                path: frame.path, registrationSite: target.site)
        }
        return forwarded
    }
}

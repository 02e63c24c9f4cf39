/// A factory box that can make an alias of its registration (`Registration.implements`): a
/// registration of another type whose step resolves the target registration below it, with the
/// same runtime arguments, and hands its instance out as the forwarded type.
protocol Forwardable {
    func alias<F>(_ type: F.Type, of target: Entry, name: Name?, file: StaticString, line: Int) -> Entry
}

extension SyncFactory: Forwardable {
    func alias<F>(_ type: F.Type, of target: Entry, name: Name?, file: StaticString, line: Int) -> Entry {
        SyncFactory<F, Args>(
            Entry.Definition(
                key: Key(type: ObjectIdentifier(F.self), name: name, arguments: target.key.arguments), serviceType: F.self,
                argumentTypes: target.argumentTypes, lifetime: .transient, forwardingTarget: target, file: file,
                kind: target.kind == .mainActor ? .sync : target.kind, line: Int32(clamping: line))
        ) { resolver, arguments in
            let step = try forwardingStep(resolver, target: target)
            let answering = target.answering  // in the current contexts; an `async` variant cannot
            guard !answering.isAsync else { throw ResolutionError(.asyncFactory, path: step.path + [answering.service]) }
            let value = try step.container.step(
                S.self, entry: answering, arguments: arguments, parent: step, resolution: step.resolution)
            return try forwarded(value, as: F.self, from: target, in: step)
        }
    }
}

extension AsyncFactory: Forwardable {
    func alias<F>(_ type: F.Type, of target: Entry, name: Name?, file: StaticString, line: Int) -> Entry {
        AsyncFactory<F, Args>(
            Entry.Definition(
                key: Key(type: ObjectIdentifier(F.self), name: name, arguments: target.key.arguments), serviceType: F.self,
                argumentTypes: target.argumentTypes, lifetime: .transient, forwardingTarget: target, file: file, kind: .async,
                line: Int32(clamping: line))
        ) { resolver, arguments in
            let step = try forwardingStep(resolver, target: target)
            let answering = target.answering
            let value =
                answering.isAsync
                ? try await step.container.stepAsync(
                    S.self, entry: answering, arguments: arguments, parent: step, resolution: step.resolution)
                : try step.container.step(S.self, entry: answering, arguments: arguments, parent: step, resolution: step.resolution)
            return try forwarded(value, as: F.self, from: target, in: step)
        }
    }
}

/// The alias's own step, which its factory receives as its resolver.
private func forwardingStep(_ resolver: any Resolver, target: Entry) throws -> Step {
    // The engine runs every factory with its step as the resolver; nothing else calls one.
    guard let step = resolver as? Step else { throw ResolutionError(.notRegistered, path: [target.service]) }
    step.record(Dependency(target))
    return step
}

/// The target's instance as the forwarded type, or the error naming both.
private func forwarded<S, F>(_ value: S, as _: F.Type, from target: Entry, in step: Step) throws -> F {
    guard let forwarded = value as? F else {
        throw ResolutionError(
            .forwardingMismatch(target: target.service, instanceType: displayName(of: type(of: value as Any))),
            path: step.path, registrationSite: target.site)
    }
    return forwarded
}

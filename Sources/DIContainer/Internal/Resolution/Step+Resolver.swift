/// A step as the resolver its factory receives: while the factory runs, every call continues
/// the resolution below the step, straight to the engine's step (through the resolution, which
/// holds the container: see `Resolution.step`); afterwards, each call starts a new resolution.
extension Step: Resolver {
    func resolve<S>(_ type: S.Type, name: Name?) throws -> S {
        let key = Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments)
        guard isFinished else { return try resolution.step(S.self, key: key, arguments: (), parent: self) }
        return try container.resolve(S.self, key: key, arguments: (), parent: nil)
    }

    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S {
        let key = Key(S.self, name: name, arguments: (repeat each A).self)
        guard isFinished else {
            return try resolution.step(S.self, key: key, arguments: (repeat each arguments), parent: self)
        }
        return try container.resolve(S.self, key: key, arguments: (repeat each arguments), parent: nil)
    }

    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S {
        let key = Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments)
        guard isFinished else {
            return try await resolution.stepAsync(S.self, key: key, arguments: (), parent: self)
        }
        return try await container.resolveAsync(S.self, key: key, arguments: ())
    }

    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S {
        let key = Key(S.self, name: name, arguments: (repeat each A).self)
        guard isFinished else {
            return try await resolution.stepAsync(S.self, key: key, arguments: (repeat each arguments), parent: self)
        }
        return try await container.resolveAsync(S.self, key: key, arguments: (repeat each arguments))
    }

    func resolveAll<S>(_ type: S.Type) throws -> [S] {
        try container.resolveAll(S.self, parent: isFinished ? nil : self)
    }
}

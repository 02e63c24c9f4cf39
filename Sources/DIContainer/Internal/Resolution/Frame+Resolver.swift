/// A step is the resolver its factory receives: each call continues the step's resolution while
/// the factory runs, and starts a new one in the same container after it has returned.
extension Frame: Resolver {
    /// The step a resolve through this frame hangs below.
    private var step: Frame? { isFinished ? nil : self }

    func resolve<S>(_ type: S.Type, name: Name?) throws -> S {
        try resolveDependency(S.self, name: name)
    }

    func resolve<S>(_ type: S.Type) throws -> S {
        try resolveDependency(S.self, name: nil)
    }

    /// A resolve through this frame without runtime arguments. Inlined into both requirements:
    /// with `name` known to be `nil`, the key's hash and comparison take less work.
    @inline(__always)
    private func resolveDependency<S>(_: S.Type, name: Name?) throws -> S {
        let key = Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments)
        if isFinished { return try resolveAfterwards(S.self, key: key) }
        return try Container.resolveDependency(S.self, key: key, arguments: (), of: self)
    }

    /// A resolve through this frame once its factory has returned: a new resolution.
    @inline(never)
    private func resolveAfterwards<S>(_: S.Type, key: Key) throws -> S {
        try resolution.container.resolve(S.self, key: key, arguments: (), parent: nil)
    }

    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S {
        try resolution.container.resolve(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self), arguments: (repeat each arguments),
            parent: step)
    }

    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S {
        try await resolution.container.resolveAsync(
            S.self, key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), arguments: (),
            parent: step)
    }

    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S {
        try await resolution.container.resolveAsync(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self), arguments: (repeat each arguments),
            parent: step)
    }

    func resolveAll<S>(_ type: S.Type) throws -> [S] {
        try resolution.container.resolveAll(S.self, parent: step)
    }
}

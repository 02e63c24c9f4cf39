/// The resolver an `initCompleted` hook receives: its step's resolver, which also records what
/// the hooks ask for on their first completed run, for `validate()` and `graph(format:)`.
final class HookResolver: Resolver {
    private let frame: Frame
    private let recorder: DependencyRecorder?

    init(frame: Frame, recorder: DependencyRecorder?) {
        self.frame = frame
        self.recorder = recorder
    }

    func resolve<S>(_ type: S.Type, name: Name?) throws -> S {
        record(S.self, name: name, arguments: Key.noArguments)
        return try frame.resolve(S.self, name: name)
    }

    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S {
        record(S.self, name: name, arguments: ObjectIdentifier((repeat each A).self))
        return try frame.resolve(S.self, name: name, arguments: repeat each arguments)
    }

    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S {
        record(S.self, name: name, arguments: Key.noArguments)
        return try await frame.resolveAsync(S.self, name: name)
    }

    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S {
        record(S.self, name: name, arguments: ObjectIdentifier((repeat each A).self))
        return try await frame.resolveAsync(S.self, name: name, arguments: repeat each arguments)
    }

    func resolveAll<S>(_ type: S.Type) throws -> [S] {
        try frame.resolveAll(S.self)
    }

    private func record(_ type: Any.Type, name: Name?, arguments: ObjectIdentifier) {
        recorder?.record(Dependency(requested: type, name: name, arguments: arguments))
    }
}

/// A handle the container makes instead of resolving (`Lazy`, `Provider`): asking for `Lazy<T>`
/// checks that `T` is registered and defers its resolve to the handle's read.
///
/// A handle holds its container weakly: a container dropped by its users is freed with its
/// singletons, also when they keep handles; reading a handle then throws. At a read, the test
/// overrides in effect there apply, else those in effect where the handle was made.
protocol ResolvableHandle {
    /// The service the handle resolves.
    static var wrappedType: Any.Type { get }

    /// Whether the handle keeps the instance it resolved (`Lazy`), so that its consumer keeps it
    /// too: the captive-dependency rule applies when the handle is made.
    static var keepsInstance: Bool { get }

    /// A handle that resolves `target` with `arguments`, made by `parent`'s factory in
    /// `resolution`; what its reads build is `origin`'s too (the registrations above it).
    static func make<Args>(
        for target: Key, arguments: Args, parent: Step?, resolution: Resolution, container: Container, origin: [Key]
    ) -> Self

    /// The key the handle resolves, for the handle asked for under `key`.
    static func target(for key: Key) -> Key

    /// The error for a handle whose target nothing answers, recorded as a dependency of `parent`.
    static func missingTarget<Args>(
        _ target: Key, arguments: Args.Type, in container: Container, parent: Step?, scope: OverrideScope?
    ) -> ResolutionError
}

extension ResolvableHandle {
    /// The wrapped type under the handle's name, with the runtime arguments the handle was
    /// asked with.
    static func target(for key: Key) -> Key { key.withType(wrappedType) }

    static func missingTarget<Args>(
        _ target: Key, arguments: Args.Type, in container: Container, parent: Step?, scope: OverrideScope?
    ) -> ResolutionError {
        container.missing(wrappedType, key: target, arguments: Args.self, parent: parent, scope: scope)
    }
}

extension Container {
    /// A handle, when `S` is one: checks that its service is registered, records the deferred
    /// dependency, and makes it.
    func handle<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step?, resolution: Resolution) throws -> S? {
        guard let handleType = S.self as? any ResolvableHandle.Type else { return nil }
        let target = handleType.target(for: key)
        guard let entry = entry(for: target, scope: resolution.scope) else {
            throw handleType.missingTarget(target, arguments: Args.self, in: self, parent: parent, scope: resolution.scope)
        }
        var dependency = Dependency(entry)
        dependency.isDeferred = true
        dependency.isKept = handleType.keepsInstance
        parent?.record(dependency)
        if handleType.keepsInstance, let parent {
            let kept = entry.kind == .forwarding ? entry.forwardingTarget?.answering ?? entry : entry
            try StepStart.checkCaptive(kept, below: parent, isDryRun: resolution.isDryRun)
        }
        let origin = sequence(first: parent, next: { $0?.parent }).compactMap { $0?.entry.key } + resolution.origin
        return handleType.make(
            for: target, arguments: arguments, parent: parent, resolution: resolution, container: self, origin: origin) as? S
    }

    /// What a `Lazy` read resolves: under the overrides in effect at the read when they differ
    /// from those of the resolution that made it, a new resolution; else below the step that
    /// made it while that step's factory runs; else, after, in the resolution that made it (so
    /// sharing its `graph` instances).
    ///
    /// - Parameter requester: The service that made the handle (who asked, for the read).
    func resolveLazy<S, Args>(
        _: S.Type, key: Key, arguments: Args, madeIn continuation: Resolution.Continuation, below parent: Step?, origin: [Key],
        requester: RequesterKey? = nil
    ) throws -> S {
        if let scope = currentScope, scope !== continuation.scope {
            return try resolveTopLevel(S.self, key: key, arguments: arguments, scope: scope, origin: origin, requester: requester)
        }
        if let parent, !parent.isFinished {
            return try step(S.self, key: key, arguments: arguments, parent: parent, resolution: parent.resolution)
        }
        let resolution = Resolution(container: self, continuing: continuation, origin: origin, requester: requester)
        let value: S
        do {
            value = try step(S.self, key: key, arguments: arguments, parent: nil, resolution: resolution)
        } catch {
            throw resolution.failed(error)
        }
        try resolution.returned()
        return value
    }

    /// What a `Provider` read or a `Maker` call resolves: a new resolution of `key`, under the test
    /// overrides in effect here, else those in effect where the handle was made (`madeIn`).
    /// Outside any override scope, the registration and whether the container traces are read
    /// under one lock, as `resolve` reads them.
    ///
    /// - Parameters:
    ///   - origin: The registrations above the handle.
    ///   - requester: The service that made the handle (who asked).
    func resolveHandleRead<S, Args>(
        _: S.Type, key: Key, arguments: Args, madeIn: OverrideScope?, origin: [Key], requester: RequesterKey?
    ) throws -> S {
        let scope = currentScope ?? madeIn
        var isTraced = false
        var isLearned = false
        guard scope == nil, let entry = registry.answering(key, isTraced: &isTraced, isLearned: &isLearned), entry.kind == .sync
        else {
            return try resolveTopLevel(S.self, key: key, arguments: arguments, scope: scope, origin: origin, requester: requester)
        }
        return try resolveTopLevel(
            S.self, key: key, arguments: arguments, scope: nil, found: entry, isTraced: isTraced, isLearned: isLearned,
            origin: origin, requester: requester)
    }

    /// The error for a handle read after its container was released.
    static func released(_ type: Any.Type, key: Key) -> ResolutionError {
        ResolutionError(.containerReleased, path: [ServiceKey(type, name: key.name, argumentTypes: [])])
    }
}

/// The runtime arguments a `Lazy` or `Provider` hands to its factory, as `resolve` would have.
/// `@unchecked Sendable`, reviewed: the arguments were given to a resolve whose handle may cross
/// threads only when its service is `Sendable`; they are passed on once per read, never mutated.
struct HandleArguments<Args>: @unchecked Sendable {
    let value: Args

    init(_ value: Args) {
        self.value = value
    }
}

import Synchronization

/// The resolver a container hands its synchronous factories. It reaches the container without a
/// strong reference, so passing it to a factory costs no reference counting (a strong reference
/// in the argument would be two atomic operations on the container's reference count per step,
/// contended when several threads resolve from one container).
///
/// While the factory runs, its container is on the thread's resolution stack and certainly
/// alive: a resolve goes straight to it and continues the resolution. Used later, or on another
/// thread, the resolver finds its container through a weak reference: a new resolution when the
/// container still exists, a `ResolutionError` of kind `containerReleased` when it does not.
final class ContainerResolver: Resolver {
    private struct WeakContainer {
        weak var container: Container?
    }

    /// The container's address, set once by `attach(_:)`; compared, never dereferenced, unless
    /// the container is known to be alive.
    private let address = Atomic<UInt>(0)
    private let weakContainer = Locked(WeakContainer())

    /// Binds this resolver to `container`, which owns it.
    func attach(_ container: Container) {
        weakContainer.withLock { $0.container = container }
        address.store(UInt(bitPattern: Unmanaged.passUnretained(container).toOpaque()), ordering: .releasing)
    }

    /// Runs `body` with the container: unretained when its resolution runs on this thread (then
    /// `stack` is that thread's stack), else through the weak reference.
    @inline(__always)
    private func withContainer<R>(
        asking request: @autoclosure () -> ServiceKey, _ body: (Container, ResolutionStack?) throws -> R
    ) throws -> R {
        let stack = ResolutionStack.current
        if stack.count > 0, UInt(bitPattern: stack.innermost.container.toOpaque()) == address.load(ordering: .relaxed) {
            return try stack.innermost.container._withUnsafeGuaranteedRef { try body($0, stack) }
        }
        return try body(try container(asking: request()), nil)
    }

    /// The container through the weak reference, or the error for a released one.
    private func container(asking request: ServiceKey) throws -> Container {
        guard let container = weakContainer.withLock({ $0.container }) else {
            throw ResolutionError(.containerReleased, path: [request])
        }
        return container
    }

    func resolve<S>(_ type: S.Type) throws -> S {
        try withContainer(asking: Self.request(S.self, name: nil)) { container, stack in
            try container.resolve(S.self, name: nil, on: stack)
        }
    }

    func resolve<S>(_ type: S.Type, name: Name?) throws -> S {
        try withContainer(asking: Self.request(S.self, name: name)) { container, stack in
            try container.resolve(S.self, name: name, on: stack)
        }
    }

    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S {
        try withContainer(asking: Self.request(S.self, name: name, arguments: repeat (each A).self)) { container, _ in
            try container.resolve(S.self, name: name, arguments: repeat each arguments)
        }
    }

    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S {
        try await container(asking: Self.request(S.self, name: name)).resolveAsync(S.self, name: name)
    }

    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S {
        try await container(asking: Self.request(S.self, name: name, arguments: repeat (each A).self))
            .resolveAsync(S.self, name: name, arguments: repeat each arguments)
    }

    func resolveAll<S>(_ type: S.Type) throws -> [S] {
        try withContainer(asking: Self.request(S.self, name: nil)) { container, _ in try container.resolveAll(S.self) }
    }

    /// The readable form of a request, for the error.
    private static func request<S, each A>(_: S.Type, name: Name?, arguments: repeat (each A).Type) -> ServiceKey {
        ServiceKey(typeName: displayName(of: S.self), name: name, argumentTypeNames: typeNames(of: repeat (each A).self))
    }
}

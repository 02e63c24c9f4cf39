import Locking
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
    private let stackKey = ResolutionStack.key

    /// Binds this resolver to `container`, which owns it.
    func attach(_ container: Container) {
        weakContainer.withLock { $0.container = container }
        address.store(UInt(bitPattern: Unmanaged.passUnretained(container).toOpaque()), ordering: .releasing)
    }

    /// The thread's stack when the container's resolution runs on it (then the container is
    /// certainly alive, and is the innermost step's), else `nil`.
    @inline(__always)
    private var runningStack: ResolutionStack? {
        let stack = ResolutionStack.current(key: stackKey)
        guard stack.count > 0,
              UInt(bitPattern: stack.innermost.container.toOpaque()) == address.load(ordering: .relaxed)
        else { return nil }
        return stack
    }

    /// The container through the weak reference, or the error for a released one.
    private func container(asking request: ServiceKey) throws -> Container {
        guard let container = weakContainer.withLock({ $0.container }) else {
            throw ResolutionError(.containerReleased, path: [request])
        }
        return container
    }

    func resolve<S>(_ type: S.Type) throws -> S {
        try resolveNoArguments(S.self, name: nil)
    }

    func resolve<S>(_ type: S.Type, name: Name?) throws -> S {
        try resolveNoArguments(S.self, name: name)
    }

    /// Both `resolve` forms without arguments, inlined into each.
    @inline(__always)
    private func resolveNoArguments<S>(_: S.Type, name: Name?) throws -> S {
        if let stack = runningStack {
            // Unretained: the container's resolution is running, so the container is alive.
            let container = stack.innermost.container
            return try container._withUnsafeGuaranteedRef { try $0.resolve(S.self, name: name, on: stack) }
        }
        return try container(asking: Self.request(S.self, name: name)).resolve(S.self, name: name)
    }

    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S {
        if let stack = runningStack {
            let key = Key(S.self, name: name, arguments: (repeat each A).self)
            return try stack.innermost.container._withUnsafeGuaranteedRef {
                try $0.resolve(S.self, key: key, arguments: (repeat each arguments), from: .current(on: stack), on: stack)
            }
        }
        return try container(asking: Self.request(S.self, name: name, arguments: repeat (each A).self))
            .resolve(S.self, name: name, arguments: repeat each arguments)
    }

    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S {
        try await container(asking: Self.request(S.self, name: name)).resolveAsync(S.self, name: name)
    }

    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S {
        try await container(asking: Self.request(S.self, name: name, arguments: repeat (each A).self))
            .resolveAsync(S.self, name: name, arguments: repeat each arguments)
    }

    func resolveAll<S>(_ type: S.Type) throws -> [S] {
        if let stack = runningStack {
            return try stack.innermost.container._withUnsafeGuaranteedRef {
                try $0.resolveAll(S.self, from: .current(on: stack), on: stack)
            }
        }
        return try container(asking: Self.request(S.self, name: nil)).resolveAll(S.self)
    }

    /// The readable form of a request, for the error.
    private static func request<S, each A>(_: S.Type, name: Name?, arguments: repeat (each A).Type) -> ServiceKey {
        ServiceKey(typeName: displayName(of: S.self), name: name, argumentTypeNames: typeNames(of: repeat (each A).self))
    }
}

/// Handles (`Lazy<S>`, `Provider<S>`): types nobody registers, which the engine makes on request
/// for any registered `S`. A request for a key nothing answers goes to `resolveUnregistered`,
/// which makes a handle (or answers an optional resolve) before it reports the key missing, so
/// handles cost nothing on the paths of registered services.
protocol ResolvableHandle {
    /// The service the handle resolves.
    associatedtype Wrapped

    /// A handle (as `Self`) that resolves `target` with `arguments`, made by `parent`'s step (or
    /// at the top of `resolution`).
    static func make<Args>(for target: Key, arguments: Args, parent: Frame?, resolution: Resolution) -> Any
}

extension Container {
    /// A handle for a request of `S` when `S` is one; `nil` otherwise. The handle's service must be
    /// registered (checked now, as resolving it would); the step that asked records it as a
    /// deferred dependency, which validation does not count in cycles.
    func handle<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Frame?, resolution: Resolution) throws -> S? {
        guard let handleType = S.self as? any ResolvableHandle.Type else { return nil }
        return try makeHandle(handleType, as: S.self, key: key, arguments: arguments, parent: parent, resolution: resolution)
    }

    private func makeHandle<H: ResolvableHandle, S, Args>(
        _: H.Type, as _: S.Type, key: Key, arguments: Args, parent: Frame?, resolution: Resolution
    ) throws -> S? {
        let target = Key(type: ObjectIdentifier(H.Wrapped.self), name: key.name, arguments: key.arguments)
        guard let entry = entry(for: target, scope: resolution.scope) else {
            throw missing(H.Wrapped.self, key: target, arguments: Args.self, parent: parent, scope: resolution.scope)
        }
        var dependency = Dependency(entry)
        dependency.isDeferred = true
        parent?.record(dependency)
        return H.make(for: target, arguments: arguments, parent: parent, resolution: resolution) as? S
    }
}

extension Dependency {
    /// The dependency an auto-wired initializer's parameter of type `type` declares: the unnamed
    /// registration of `type` (an optional one for `S?`), or, for a handle, a deferred dependency
    /// on the handle's service.
    init(declared type: Any.Type) {
        guard let handle = type as? any ResolvableHandle.Type else {
            self.init(parameter: type)
            return
        }
        let service = Self.wrapped(by: handle)
        self.init(key: Key(type: ObjectIdentifier(service), name: nil, arguments: Key.noArguments), type: service)
        isDeferred = true
    }

    private static func wrapped<H: ResolvableHandle>(by _: H.Type) -> Any.Type { H.Wrapped.self }
}

/// The runtime arguments a handle keeps for its resolves.
///
/// `@unchecked Sendable`, reviewed: the arguments are only handed, by value, to the factory of the
/// handle's service, as `resolve(_:name:arguments:)` hands them; sharing a handle made with
/// arguments shares them with that factory, which is the documented contract of `Lazy` and
/// `Provider` (as sharing an instance is the contract of the shared lifetimes).
struct HandleArguments<Args>: @unchecked Sendable {
    let value: Args

    init(_ value: Args) {
        self.value = value
    }
}

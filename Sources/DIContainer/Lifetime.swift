/// How long a resolved instance lives, and who shares it.
///
/// ```swift
/// container.register(APIClient.self, lifetime: .singleton) { r in APIClient(transport: try r.resolve(Transport.self)) }
/// container.register(Cart.self, lifetime: .scoped(.session)) { _ in Cart() }
/// ```
///
/// Each lifetime is a storage strategy (`InstanceStorage`): `singleton`, `scoped`, `weak` and
/// `custom` instances are kept by their registration's storage until `Container.reset(_:)`
/// drops them; `graph` instances by the resolution; `transient` ones by nobody.
public enum Lifetime: Sendable, Hashable, CustomStringConvertible {
    /// A new instance on every resolve. The default.
    case transient
    /// One instance shared by every factory that runs within one top-level `resolve` call, then
    /// forgotten when that call returns.
    case graph
    /// One instance per container, created lazily on first resolve and exactly once, even when
    /// the first resolves race on several threads.
    case singleton
    /// One instance shared while somebody outside the container holds a strong reference to it;
    /// built again after the last one is released. Only class instances can be held weakly: a
    /// value type registered as `.weak` behaves like `.transient`.
    case weak
    /// One instance per generation of `scope`, per container, created lazily and exactly once
    /// like a singleton; `Container.reset(.scoped(scope))` starts a new generation.
    case scoped(Scope)

    /// A lifetime whose instances your own storage keeps: Swinject's `ObjectScope(storageFactory:)`.
    ///
    /// Each registration gets its own storage from `storage`. On every resolve the container asks
    /// its `current` storage (itself, unless it keeps one instance per task or request) for the
    /// kept instance, builds one (exactly once per storage, even when resolves race; builds for
    /// different storages run side by side) whenever it has none, stores it, and calls `reset()`
    /// for `Container.reset(_:)`. A storage that forgets its instance — after a while, on memory
    /// pressure — makes the next resolve build a new one.
    ///
    /// ```swift
    /// extension Lifetime {
    ///     static let fiveMinutes = Lifetime.custom("five minutes") { ExpiringStorage(seconds: 300) }
    /// }
    /// container.register(Token.self, lifetime: .fiveMinutes) { r in try r.resolve(TokenService.self).fetch() }
    /// container.reset(.fiveMinutes)   // every five-minute instance is built again on next use
    /// ```
    ///
    /// A custom lifetime is a scope with storage of its own: two are the same lifetime when their
    /// names are equal, and `reset(.fiveMinutes)` drops what the storage keeps.
    ///
    /// - Parameters:
    ///   - name: Names the lifetime in `registrations`, graphs and `reset`.
    ///   - storage: Makes one registration's storage.
    /// - Returns: The lifetime.
    public static func custom(_ name: String, storage: @escaping @Sendable () -> any InstanceStorage) -> Lifetime {
        .scoped(Scope(name, storage: storage))
    }

    public var description: String {
        switch self {
        case .transient: "transient"
        case .graph: "graph"
        case .singleton: "singleton"
        case .weak: "weak"
        case .scoped(let scope): scope.storage == nil ? "scoped(\(scope))" : scope.rawValue
        }
    }

    /// The storage strategy of a registration with this lifetime: `nil` for `transient` (nothing
    /// is kept) and `graph` (its resolution keeps one `SharedStorage` per registration).
    func makeStorage() -> (any InstanceStorage)? {
        switch self {
        case .transient, .graph: nil
        case .singleton: SharedStorage()
        case .scoped(let scope): scope.storage?.make() ?? ScopedStorage(scope)
        case .weak: WeakStorage()
        }
    }
}

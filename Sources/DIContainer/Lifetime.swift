/// How long a resolved instance lives, and who shares it.
///
/// ```swift
/// container.register(APIClient.self, lifetime: .singleton) { r in APIClient(transport: try r.resolve(Transport.self)) }
/// container.register(Cart.self, lifetime: .scoped(.session)) { _ in Cart() }
/// ```
///
/// `singleton`, `weak` and `scoped` instances are kept until `Container.reset(_:)` drops them.
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

    public var description: String {
        switch self {
        case .transient: "transient"
        case .graph: "graph"
        case .singleton: "singleton"
        case .weak: "weak"
        case .scoped(let scope): "scoped(\(scope))"
        }
    }
}

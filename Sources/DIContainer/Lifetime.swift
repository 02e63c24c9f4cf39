/// How long a resolved instance lives, and who shares it.
///
/// ```swift
/// container.register(APIClient.self, lifetime: .singleton) { r in APIClient(transport: try r.resolve(Transport.self)) }
/// ```
public enum Lifetime: Sendable, Hashable, CaseIterable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case .transient: "transient"
        case .graph: "graph"
        case .singleton: "singleton"
        case .weak: "weak"
        }
    }
}

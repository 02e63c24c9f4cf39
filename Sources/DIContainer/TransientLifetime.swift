/// The one lifetime a service that is not `Sendable` can be registered with: `transient`, a new
/// instance per resolve, never shared between threads.
///
/// Every `register` overload with a `Lifetime` requires a `Sendable` service, because a
/// `singleton`, `weak` or `graph` instance (or the container's default lifetime, which may be any
/// of them) is handed to every thread that asks. Writing `lifetime: .transient` picks the overloads
/// taking this type instead, which accept any service:
///
/// ```swift
/// container.register(NumberFormatter.self, lifetime: .transient) { _ in NumberFormatter() }
/// ```
///
/// A `Sendable` service written with `lifetime: .transient` is registered the same way: transient.
public enum TransientLifetime: Sendable, Hashable {
    /// A new instance per resolve.
    case transient
}

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
/// ## The literal chooses, not the value
///
/// Which overload a call picks is decided by the static type of its `lifetime` argument. The
/// literal `.transient` is a `TransientLifetime`; a `Lifetime` variable, parameter or property is
/// a `Lifetime`, even when its value is `.transient`, so it selects the overloads that require
/// `Sendable`:
///
/// ```swift
/// container.register(NumberFormatter.self, lifetime: .transient) { _ in NumberFormatter() }  // compiles
///
/// let lifetime: Lifetime = .transient
/// container.register(NumberFormatter.self, lifetime: lifetime) { _ in NumberFormatter() }
/// // error: type 'NumberFormatter' does not conform to the 'Sendable' protocol
///
/// let transient: TransientLifetime = .transient
/// container.register(NumberFormatter.self, lifetime: transient) { _ in NumberFormatter() }  // compiles
/// ```
///
/// The compiler cannot let a value decide: whether the service must be `Sendable` is checked when
/// the call is compiled, and a `Lifetime` could hold `.singleton` by then. A helper that takes a
/// lifetime from its caller therefore takes a `Lifetime` and registers `Sendable` services, or a
/// `TransientLifetime` for services that are not.
///
/// A `Sendable` service written with `lifetime: .transient` is registered the same way: transient.
public enum TransientLifetime: Sendable, Hashable {
    /// A new instance per resolve.
    case transient
}

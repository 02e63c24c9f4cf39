/// A way to resolve a service again and again: each read of `instance` is a new resolve.
///
/// Resolve `Provider<S>` for any registered `S` (with its name and runtime arguments, if any).
/// Each read resolves `S` afresh as a new top-level resolve, so `S`'s lifetime decides what it
/// gets: a new transient instance each time, the one singleton, a new `graph`:
///
/// ```swift
/// final class TicketCounter {
///     private let tickets: Provider<Ticket>
///     init(tickets: Provider<Ticket>) { self.tickets = tickets }
///     func next() throws -> Ticket { try tickets.instance }
/// }
/// container.register(TicketCounter.self, initializer: TicketCounter.init)
/// ```
///
/// Each resolve runs under the test overrides in effect where the provider was made. A provider
/// is no part of a dependency cycle: `validate()` lists the dependency without calling it one.
/// Resolving `Provider<S>` fails at once, as resolving `S` would, when nothing is registered
/// for `S`.
///
/// **Threads.** `Provider` is `Sendable` when `S` is, and may be read from any thread.
///
/// **Memory.** A `Provider` keeps its container alive; kept by an instance the same container
/// keeps (a `singleton`, a scoped instance), that is a reference cycle — harmless for
/// `Container.shared`; for containers you drop, `removeAll()` before dropping them.
public struct Provider<S> {
    private let make: @Sendable () throws -> S

    init(make: @escaping @Sendable () throws -> S) {
        self.make = make
    }

    /// A newly resolved instance (or the kept one, for lifetimes that keep instances).
    ///
    /// - Throws: `ResolutionError` when the resolve fails.
    public var instance: S {
        get throws { try make() }
    }
}

extension Provider: Sendable where S: Sendable {}

extension Provider: ResolvableHandle {
    typealias Wrapped = S

    static func make<Args>(for target: Key, arguments: Args, parent: Frame?, resolution: Resolution) -> Any {
        let arguments = HandleArguments(arguments)
        return Provider { [container = resolution.container, scope = resolution.scope, traced = resolution.isTraced] in
            try container.resolve(
                S.self, key: target, arguments: arguments.value,
                continuing: Resolution(container: container, scope: scope, isTraced: traced), below: nil)
        }
    }
}

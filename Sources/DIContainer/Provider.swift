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
/// Each resolve runs under the test overrides in effect where `instance` is read; outside any,
/// under those in effect where the provider was made. A provider
/// is no part of a dependency cycle: `validate()` lists the dependency without calling it one.
/// Resolving `Provider<S>` fails at once, as resolving `S` would, when nothing is registered
/// for `S`.
///
/// **Threads.** `Provider` is `Sendable` when `S` is, and may be read from any thread.
///
/// **Memory.** A `Provider` holds its container weakly: a container its users dropped is freed,
/// with its singletons, even when one of them keeps a `Provider`. Reading a handle whose
/// container is gone throws `ResolutionError.Kind.containerReleased`.
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
    static var wrappedType: Any.Type { S.self }
    static var keepsInstance: Bool { false }

    static func make<Args>(
        for target: Key, arguments: Args, parent: Step?, resolution: Resolution, container: Container, origin: [Key]
    ) -> Provider<S> {
        let arguments = HandleArguments(arguments)
        let madeIn = resolution.scope
        // Who asked, as its key (`RequesterKey` says why not its entry).
        let requester = parent.map { RequesterKey($0.entry) }
        return Provider { [weak container] in
            guard let container else { throw Container.released(S.self, key: target) }
            return try container.resolveHandleRead(
                S.self, key: target, arguments: arguments.value, madeIn: madeIn, origin: origin, requester: requester)
        }
    }
}

/// How an instance's lifetime ended, as its `onShutdown` hook is told: the place to commit a unit
/// of work when its request succeeded and roll it back otherwise.
///
/// ```swift
/// container.register(UnitOfWork.self, lifetime: .scoped(.request)) { r in UnitOfWork(database: try r.resolve(Database.self)) }
///     .onShutdown(timeout: .seconds(5)) { unit, reason in
///         if case .scopeSucceeded = reason { try await unit.commit() } else { try await unit.rollback() }
///     }
/// ```
public enum ShutdownReason: Sendable, CustomStringConvertible {
    /// The operation of the scope that kept it (`withScope`, `withOverrides`) returned.
    case scopeSucceeded
    /// The operation of the scope that kept it threw `error`.
    case scopeFailed(any Error)
    /// `Container.reset(_:)` dropped it.
    case reset
    /// Its registration was replaced (registered again, decorated) or removed (`removeAll`).
    case replaced
    /// `Container.shutdown(timeout:)` ended it.
    case containerShutdown

    public var description: String {
        switch self {
        case .scopeSucceeded: "the scope's operation returned"
        case .scopeFailed(let error): "the scope's operation threw \(error)"
        case .reset: "reset"
        case .replaced: "its registration was replaced or removed"
        case .containerShutdown: "the container shut down"
        }
    }
}

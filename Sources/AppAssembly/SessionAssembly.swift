import DIContainer
import DIDemoDomain
import DIDemoUseCase
import Synchronization

extension Scope {
    /// The signed-in user's session: what is registered `.scoped(.session)` lives from the first
    /// use after sign-in until `SignOutUseCase` ends it.
    public static let session: Scope = "session"
}

/// Registers the signed-in user's `UserSession`, scoped to `.session` and ended by its
/// `onShutdown` hook, and the `SignOutUseCase` that resets that scope: the hook runs, and the next
/// resolve starts a new session.
///
/// ```swift
/// let session = try container.resolve(UserSession.self)     // #1, the same on every resolve
/// try await container.resolve(SignOutUseCase.self).execute()
/// session.isEnded                                           // true
/// let next = try container.resolve(UserSession.self)        // #2
/// ```
public struct SessionAssembly: Assembly {
    /// The user the demo signs in as.
    public static let demoUser = "guest"

    /// Creates the assembly.
    public init() {}

    /// Registers `UserSession` (`.scoped(.session)`) and `SignOutUseCase`.
    ///
    /// - Parameter container: The container to register into; sign-out resets its session scope.
    public func assemble(into container: Container) {
        let sessions = Atomic<Int>(0)
        container.register(UserSession.self, lifetime: .scoped(.session)) { _ in
            UserSession(number: sessions.add(1, ordering: .relaxed).newValue, user: Self.demoUser)
        }
        .onShutdown { session in session.end() }
        let sessionScope = SessionScope(container: container)
        container.register(SignOutUseCase.self) { _ in SignOutUseCase(endSession: sessionScope.reset) }
    }
}

/// The session scope of a container, held weakly: the container keeps the registration that
/// holds this, which must not keep the container alive.
private struct SessionScope: Sendable {
    weak let container: Container?

    /// Ends the session's instances and waits for their shutdown hooks (a minute at most: they
    /// flush what the user did, which a busy device may take a while to get to).
    func reset() async throws {
        try await container?.reset(.scoped(.session), timeout: .seconds(60))
    }
}

/// Signs the user out: ends the `UserSession` and everything kept with it, so the next use
/// starts a new session.
///
/// How a session ends is the assembly's business (the app resets the container's session
/// scope, which runs the session services' shutdown hooks), so the use case takes it as a
/// function:
///
/// ```swift
/// let signOut = SignOutUseCase { try await container.reset(.scoped(.session), timeout: .seconds(5)) }
/// try await signOut.execute()
/// ```
public struct SignOutUseCase: Sendable {
    private let endSession: @Sendable () async throws -> Void

    /// Creates the use case.
    ///
    /// - Parameter endSession: Drops what was kept for the signed-in user, once what it kept has
    ///   shut down.
    public init(endSession: @escaping @Sendable () async throws -> Void) {
        self.endSession = endSession
    }

    /// Signs the user out; returns once the session's services have shut down.
    ///
    /// - Throws: What ending the session threw (a shutdown hook that failed).
    public func execute() async throws {
        try await endSession()
    }
}

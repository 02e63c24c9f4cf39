/// Signs the user out: ends the `UserSession` and everything kept with it, so the next use
/// starts a new session.
///
/// How a session ends is the assembly's business (the app resets the container's session
/// scope), so the use case takes it as a function:
///
/// ```swift
/// let signOut = SignOutUseCase { container.reset(.scoped(.session)) }
/// signOut.execute()
/// ```
public struct SignOutUseCase: Sendable {
    private let endSession: @Sendable () -> Void

    /// Creates the use case.
    ///
    /// - Parameter endSession: Drops what was kept for the signed-in user.
    public init(endSession: @escaping @Sendable () -> Void) {
        self.endSession = endSession
    }

    /// Signs the user out.
    public func execute() {
        endSession()
    }
}

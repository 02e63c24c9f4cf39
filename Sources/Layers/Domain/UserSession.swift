import Synchronization

/// What the app keeps for the signed-in user while they stay signed in. Signing out ends it;
/// the next use starts a new one.
///
/// ```swift
/// let session = try container.resolve(UserSession.self)
/// print("session #\(session.number) of \(session.user)")
/// ```
public final class UserSession: Sendable {
    /// Which session of this run of the app it is: 1 for the first, 2 after one sign-out, …
    public let number: Int
    /// The signed-in user.
    public let user: String
    private let ended = Atomic<Bool>(false)

    /// Whether the session ended (signed out): what was kept for the user is gone.
    public var isEnded: Bool { ended.load(ordering: .acquiring) }

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - number: Which session of this run of the app it is, from 1.
    ///   - user: The signed-in user.
    public init(number: Int, user: String) {
        self.number = number
        self.user = user
    }

    /// Ends the session: its `onShutdown` hook at sign-out.
    public func end() {
        ended.store(true, ordering: .releasing)
    }
}

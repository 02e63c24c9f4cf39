import DIContainer
import DIDemoDomain
import DIDemoUseCase

extension DemoRunner {
    /// Shows the session scope at work: the session is one instance until sign-out resets the
    /// scope, which runs its shutdown hook, then a new one.
    func showSignOut() async throws -> Int32 {
        let session = try Container.shared.resolve(UserSession.self)
        let same = try Container.shared.resolve(UserSession.self) === session
        Console.out("session #\(session.number) of \(session.user)" + (same ? " (the same instance on every resolve)" : ""))
        try await Container.shared.resolve(SignOutUseCase.self).execute()
        Console.out(
            "signed out: the session scope was reset"
                + (session.isEnded ? "; its onShutdown hook ended session #\(session.number)" : "; its onShutdown hook did not run!"))
        let next = try Container.shared.resolve(UserSession.self)
        Console.out("session #\(next.number) of \(next.user)" + (next === session ? " (still the old one!)" : " (a new instance)"))
        return next === session || !session.isEnded ? ExitStatus.failure : ExitStatus.success
    }
}

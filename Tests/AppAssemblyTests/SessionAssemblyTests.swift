import DIContainer
import DIDemoAppAssembly
import DIDemoDomain
import DIDemoUseCase
import Testing

@Suite("The session scope")
struct SessionAssemblyTests {
    @Test("the session is one instance until sign-out, which runs its shutdown hook; then a new one")
    func signOutStartsANewSession() async throws {
        let container = Container()
        SessionAssembly().assemble(into: container)
        let session = try container.resolve(UserSession.self)
        #expect(try container.resolve(UserSession.self) === session)
        #expect(session.number == 1)
        #expect(session.user == SessionAssembly.demoUser)
        #expect(!session.isEnded)
        try await container.resolve(SignOutUseCase.self).execute()
        #expect(session.isEnded)
        let next = try container.resolve(UserSession.self)
        #expect(next !== session)
        #expect(!next.isEnded)
        #expect(next.number == 2)
        #expect(try container.resolve(UserSession.self) === next)
    }

    @Test("sign-out inside test overrides ends only the overrides' session")
    func signOutUnderOverrides() async throws {
        let container = Container()
        SessionAssembly().assemble(into: container)
        let real = try container.resolve(UserSession.self)
        try await container.withOverrides { _ in
        } operation: {
            let mine = try container.resolve(UserSession.self)
            try await container.resolve(SignOutUseCase.self).execute()
            #expect(mine.isEnded)
            #expect(try container.resolve(UserSession.self) !== mine)
        }
        #expect(try container.resolve(UserSession.self) === real)
        #expect(!real.isEnded)
    }

    @Test("the sign-out use case does not keep its container alive")
    func noRetainCycle() async throws {
        weak var weakContainer: Container?
        var signOut: SignOutUseCase?
        do {
            let container = Container()
            SessionAssembly().assemble(into: container)
            signOut = try container.resolve(SignOutUseCase.self)
            weakContainer = container
        }
        #expect(weakContainer == nil)
        try await signOut?.execute()  // a no-op once the container is gone
    }
}

import DIContainer
import Testing

/// A nonisolated dependency main-actor services use.
private final class Session: Sendable {
    let user: String
    init(user: String = "ada") { self.user = user }
}

/// A view model isolated to the main actor, with mutable state.
@MainActor
private class ProfileViewModel {
    let session: Session
    var title = ""
    init(session: Session) { self.session = session }
    var greeting: String { "Hello, \(session.user)" }
}

@MainActor
private final class MockProfileViewModel: ProfileViewModel {
    override var greeting: String { "mock" }
}

/// A main-actor view model with a runtime argument.
@MainActor
private final class CourseViewModel {
    let courseID: Int
    let session: Session
    init(courseID: Int, session: Session) {
        self.courseID = courseID
        self.session = session
    }
}

/// Neither `Sendable` nor isolated: shared safely only because it stays on the main actor.
private final class ScreenState {
    var visits = 0
}

/// A main-actor service built from another main-actor service and a nonisolated one.
@MainActor
private final class ProfileScreen {
    let model: ProfileViewModel
    let state: ScreenState
    init(model: ProfileViewModel, state: ScreenState) {
        self.model = model
        self.state = state
    }
}

/// A nonisolated service whose factory (wrongly) asks for a main-actor one.
private final class Analytics: Sendable {}

@Suite("Main-actor registrations")
@MainActor
struct MainActorTests {
    private func container(lifetime: Lifetime = .transient) -> (Container, Counter) {
        let container = Container()
        let runs = Counter()
        container.register(Session.self, lifetime: .singleton) { _ in Session() }
        container.registerMainActor(ProfileViewModel.self, lifetime: lifetime) { r in
            runs.increment()
            return ProfileViewModel(session: try r.resolve(Session.self))
        }
        return (container, runs)
    }

    @Test("a main-actor factory resolves synchronously on the main actor, with each lifetime", arguments: Lifetime.examples)
    func lifetimes(lifetime: Lifetime) throws {
        let (container, runs) = container(lifetime: lifetime)
        container.registerMainActor(ProfileScreen.self) { r in
            ProfileScreen(model: try r.resolve(ProfileViewModel.self), state: ScreenState())
        }
        let first = try container.resolve(ProfileViewModel.self)
        first.title = "Profile"  // main-actor state, touched without await
        let second = try container.resolve(ProfileViewModel.self)
        switch lifetime {
        case .transient, .graph:
            #expect(first !== second)
            #expect(runs.value == 2)
        case .singleton, .weak, .scoped:
            #expect(first === second)
            #expect(second.title == "Profile")
            #expect(runs.value == 1)
        }
        #expect(first.greeting == "Hello, ada")
        // Within one resolve, `graph` shares too.
        let screen = try container.resolve(ProfileScreen.self)
        #expect(screen.model.session === first.session)
    }

    @Test("a main-actor service that is not Sendable can be a singleton: it never leaves the main actor")
    func nonSendableSingleton() throws {
        let container = Container()
        container.registerMainActor(ScreenState.self, lifetime: .singleton) { _ in ScreenState() }
        try container.resolve(ScreenState.self).visits += 1
        #expect(try container.resolve(ScreenState.self).visits == 1)
    }

    @Test("a runtime argument")
    func runtimeArgument() throws {
        let (container, _) = container()
        container.registerMainActor(CourseViewModel.self) { (r, courseID: Int) in
            CourseViewModel(courseID: courseID, session: try r.resolve(Session.self))
        }
        #expect(try container.resolve(CourseViewModel.self, arguments: 42).courseID == 42)
    }

    @Test("auto-wiring a main-actor initializer, also with a runtime argument, validated statically")
    func autoWiring() throws {
        let container = Container()
        container.register(Session.self, lifetime: .singleton) { _ in Session() }
        container.registerMainActor(ProfileViewModel.self, initializer: ProfileViewModel.init)
        container.registerMainActor(CourseViewModel.self, argument: Int.self, initializer: CourseViewModel.init)
        #expect(try container.resolve(ProfileViewModel.self).greeting == "Hello, ada")
        #expect(try container.resolve(CourseViewModel.self, arguments: 7).courseID == 7)
        try container.validate()
        let infos = container.registrations.filter(\.isMainActor)
        #expect(infos.map(\.dependencySource) == [.declared, .declared])
    }

    @Test("an override swaps a main-actor service for a mock")
    func override() throws {
        let (container, _) = container(lifetime: .singleton)
        let greeting = try container.withOverrides {
            $0.registerMainActor(ProfileViewModel.self) { _ in MockProfileViewModel(session: Session()) }
        } operation: {
            try container.resolve(ProfileViewModel.self).greeting
        }
        #expect(greeting == "mock")
        #expect(try container.resolve(ProfileViewModel.self).greeting == "Hello, ada")
    }

    @Test("validate() on the main actor checks main-actor factories like the others")
    func validateOnMainActor() throws {
        let (container, runs) = container(lifetime: .singleton)
        try container.validate()
        #expect(runs.value == 1)
        container.registerMainActor(ProfileScreen.self) { r in
            ProfileScreen(model: try r.resolve(ProfileViewModel.self), state: try r.resolve(ScreenState.self))
        }
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.unchecked.isEmpty)
        #expect(error.problems.map(\.path.description) == ["[ProfileScreen, ScreenState]"])
        // The singleton's factory ran once in the container's life.
        #expect(runs.value == 1)
    }

    @Test("registrations and the graph say which services are main-actor")
    func introspection() throws {
        let (container, _) = container(lifetime: .singleton)
        let info = try #require(container.registrations.first { $0.isMainActor })
        #expect(info.service.typeName == "ProfileViewModel")
        #expect(info.description.contains("singleton, main actor"))
        #expect(container.graph(format: .dot).contains("singleton, main actor"))
    }

    @Test("off the main actor, resolving a main-actor service throws a clear error, also when already built")
    func offMainActor() async throws {
        let (container, runs) = container(lifetime: .singleton)
        _ = try container.resolve(ProfileViewModel.self)
        let error = await Task.detached { () -> ResolutionError? in
            do {
                _ = try container.resolve(ProfileViewModel.self)
                return nil
            } catch {
                return error as? ResolutionError
            }
        }.value
        let failure = try #require(error)
        guard case .mainActorRequired = failure.kind else {
            Issue.record("unexpected kind: \(failure)")
            return
        }
        #expect(failure.description.contains("registered with registerMainActor and was asked for off the main actor"))
        #expect(failure.description.contains("MainActor.run"))
        #expect(runs.value == 1)
        // The explicit hop works, and the compiler checks what crosses back.
        let greeting = await Task.detached {
            await MainActor.run { try? container.resolve(ProfileViewModel.self).greeting }
        }.value
        #expect(greeting == "Hello, ada")
    }

    @Test("a nonisolated factory asking for a main-actor service off the main actor gets the path and the fix")
    func nonisolatedFactory() async throws {
        let (container, _) = container()
        container.register(Analytics.self) { r in
            _ = try r.resolve(ProfileViewModel.self)
            return Analytics()
        }
        let description = await Task.detached { () -> String in
            do {
                _ = try container.resolve(Analytics.self)
                return "resolved"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(description.contains("Path: Analytics → ProfileViewModel."))
        #expect(description.contains("register that one with registerMainActor"))
        // On the main actor, the same resolve works.
        _ = try container.resolve(Analytics.self)
    }

    @Test("validate() off the main actor says what it could not check")
    func validateOffMainThread() async throws {
        let (container, runs) = container()
        container.register(Analytics.self) { r in
            _ = try r.resolve(ProfileViewModel.self)
            return Analytics()
        }
        let error = await Task.detached { () -> ValidationError? in
            do {
                try container.validate()
                return nil
            } catch {
                return error as? ValidationError
            }
        }.value
        let failure = try #require(error)
        #expect(failure.problems.isEmpty)
        #expect(failure.unchecked.map(\.service.typeName).sorted() == ["Analytics", "ProfileViewModel"])
        #expect(failure.description.contains("validation ran off the main actor; validate from the main actor"))
        #expect(runs.value == 0)
        // From the main actor the same container is valid.
        try container.validate()
    }
}

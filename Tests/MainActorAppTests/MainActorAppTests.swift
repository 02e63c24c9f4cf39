import DIContainer
import Testing

/// A repository double, main-actor isolated like the module's other types.
final class StubProfileRepository: ProfileRepository {
    func profile() throws -> Profile { Profile(name: "Stub", courseCount: 0) }
}

/// The app of `App.swift`, in a module built with default main-actor isolation: registered and
/// resolved from the main actor, synchronously.
@Suite("An app built with default main-actor isolation")
struct MainActorAppTests {
    private func assembled() -> Container {
        let container = Container()
        container.apply(AppAssembly())
        return container
    }

    @Test("resolves the whole app synchronously on the main actor")
    func resolvesEverything() throws {
        let container = assembled()
        let factory = try container.resolve(PresenterFactory.self)
        let viewModel = try factory.makeProfileViewModel()
        viewModel.appear()
        #expect(viewModel.title == "Ada · 3 courses")
        #expect(try container.resolve(ProfileCache.self).last == Profile(name: "Ada", courseCount: 3))
        let presenter = try factory.makeCoursePresenter(courseID: 42)
        #expect(presenter.courseID == 42)
    }

    @Test("a test swaps the repository for a stub")
    func swapsAMock() throws {
        let container = assembled()
        let title = try container.withOverrides {
            $0.registerMainActor((any ProfileRepository).self) { _ in StubProfileRepository() }
        } operation: {
            let viewModel = try container.resolve(PresenterFactory.self).makeProfileViewModel()
            viewModel.appear()
            return viewModel.title
        }
        #expect(title == "Stub · 0 courses")
        // The stub's profile stayed in the override scope's own singleton.
        #expect(try container.resolve(ProfileCache.self).last == nil)
    }

    @Test("validates, main-actor registrations included")
    func validates() throws {
        let container = assembled()
        try container.validate()
        let mainActor = container.registrations.filter(\.isMainActor).map(\.service.typeName)
        #expect(mainActor == ["ProfileRepository", "ProfileCache", "LoadProfileUseCase", "ProfileViewModel", "CoursePresenter"])
    }
}

import DIContainer

// A small app as a module built with `.defaultIsolation(MainActor.self)` writes it: every type
// below is main-actor isolated unless marked `nonisolated`.

/// What the app shows.
struct Profile: Equatable {
    let name: String
    let courseCount: Int
}

/// Talks to the server. Nonisolated and `Sendable`: usable from any thread, so it is registered
/// with the ordinary `register`.
nonisolated final class HTTPClient: Sendable {
    let baseURL: String
    init(baseURL: String) { self.baseURL = baseURL }

    func get(_ path: String) -> [String: String] {
        ["name": "Ada", "courses": "3", "url": baseURL + path]
    }
}

/// Main-actor isolated, like every protocol of the module.
protocol ProfileRepository {
    func profile() throws -> Profile
}

final class RemoteProfileRepository: ProfileRepository {
    private let client: HTTPClient
    init(client: HTTPClient) { self.client = client }

    func profile() throws -> Profile {
        let fields = client.get("/me")
        return Profile(name: fields["name"] ?? "", courseCount: Int(fields["courses"] ?? "") ?? 0)
    }
}

/// Keeps the last profile shown: main-actor state, shared as a singleton.
final class ProfileCache {
    var last: Profile?
}

/// The use case: cache first, then the repository.
final class LoadProfileUseCase {
    private let repository: any ProfileRepository
    private let cache: ProfileCache
    init(repository: any ProfileRepository, cache: ProfileCache) {
        self.repository = repository
        self.cache = cache
    }

    func run() throws -> Profile {
        let profile = try repository.profile()
        cache.last = profile
        return profile
    }
}

/// The view model a screen binds to.
final class ProfileViewModel {
    private let loadProfile: LoadProfileUseCase
    private(set) var title = ""
    init(loadProfile: LoadProfileUseCase) { self.loadProfile = loadProfile }

    func appear() {
        do {
            let profile = try loadProfile.run()
            title = "\(profile.name) · \(profile.courseCount) courses"
        } catch {
            title = "Unavailable"
        }
    }
}

/// A presenter for one course: its id is a runtime argument.
final class CoursePresenter {
    let courseID: Int
    let viewModel: ProfileViewModel
    init(courseID: Int, viewModel: ProfileViewModel) {
        self.courseID = courseID
        self.viewModel = viewModel
    }
}

/// Builds presenters from the container at call time, so test overrides apply.
struct PresenterFactory {
    let container: Container

    func makeProfileViewModel() throws -> ProfileViewModel {
        try container.resolve(ProfileViewModel.self)
    }

    func makeCoursePresenter(courseID: Int) throws -> CoursePresenter {
        try container.resolve(CoursePresenter.self, arguments: courseID)
    }
}

/// The app's wiring (its conformance to `Assembly` is main-actor isolated, as the module's default
/// says). A `register` factory is a `@Sendable` nonisolated closure, which cannot call main-actor
/// initializers: the main-actor services are registered with `registerMainActor`; the nonisolated
/// `HTTPClient` and the `Sendable` `PresenterFactory` with the ordinary `register`.
struct AppAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(HTTPClient.self, lifetime: .singleton) { _ in HTTPClient(baseURL: "https://example.com") }
        container.registerMainActor((any ProfileRepository).self) { r in
            RemoteProfileRepository(client: try r.resolve(HTTPClient.self))
        }
        container.registerMainActor(ProfileCache.self, lifetime: .singleton) { _ in ProfileCache() }
        container.registerMainActor(LoadProfileUseCase.self, initializer: LoadProfileUseCase.init)
        container.registerMainActor(ProfileViewModel.self, initializer: ProfileViewModel.init)
        container.registerMainActor(CoursePresenter.self, argument: Int.self, initializer: CoursePresenter.init)
        container.register(PresenterFactory.self) { [unowned container] _ in PresenterFactory(container: container) }
    }
}

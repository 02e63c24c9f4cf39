import AppAssembly
import DIContainer
import Foundation
import Infrastructure
import Scheduling
import TestSupport
import Testing

@Suite("The assembled reference app")
struct AssembledContainerTests {
    /// Every registration the app makes, as `Registration.Info` describes its service.
    static let expectedServices: Set<String> = [
        "AppConfiguration", "Scheduler", "Scheduler (name: background)",
        "APIConfiguration", "Transport", "APIClient", "CacheStore",
        "CourseRepository", "CourseRepository (name: local)",
        "UserCourseRepository", "UserCourseRepository (name: local)",
        "CategoryRepository", "CategoryRepository (name: local)",
        "StockedCourseRepository", "StockedCourseRepository (name: local)",
        "RankingRepository", "RankingRepository (name: local)", "CacheTransaction",
        "MainScreenLoading", "MainScreenLoading (name: local)", "CourseDetailLoading",
        "MainPresenter", "CourseDetailPresenter", "UserSession", "SignOutUseCase",
    ]

    @Test("validates with no problems")
    func validates() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        try TestApp.container(cache: cache.url).validate()
    }

    @Test("lists every registration exactly once")
    func listsEveryRegistration() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let registrations = TestApp.container(cache: cache.url).registrations
        let services = registrations.map(\.service.description)
        #expect(Set(services) == Self.expectedServices)
        #expect(services.count == Self.expectedServices.count)
    }

    @Test("knows every dependency after validation, remote repositories on the background scheduler")
    func dependenciesAreKnown() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let container = TestApp.container(cache: cache.url)
        try container.validate()
        let byService = Dictionary(uniqueKeysWithValues: container.registrations.map { ($0.service.description, $0) })
        for info in byService.values where !info.isInstance {
            #expect(info.dependencySource != .unknown, "\(info.service) has unknown dependencies")
        }
        let remote = try #require(byService["CourseRepository"])
        #expect(remote.dependencies.map(\.description) == ["APIClient", "CacheStore", "Scheduler (name: background)"])
        let local = try #require(byService["CourseRepository (name: local)"])
        #expect(local.dependencies.map(\.description) == ["CacheStore", "Scheduler (name: background)"])
        let presenter = try #require(byService["MainPresenter"])
        #expect(presenter.dependencies.map(\.description) == ["MainScreenLoading (name: local)", "MainScreenLoading", "Scheduler"])
        let detail = try #require(byService["CourseDetailPresenter"])
        #expect(detail.service.argumentTypeNames == ["Int"])
        #expect(detail.dependencySource == .declared)
        #expect(detail.dependencies.map(\.description) == ["CourseDetailLoading", "Scheduler"])
    }

    @Test("exports a graph with an edge for every dependency and no missing nodes")
    func graphShowsEveryEdge() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let container = TestApp.container(cache: cache.url)
        let mermaid = container.graph(format: .mermaid)
        let edges = mermaid.split(separator: "\n").filter { $0.contains("-->") }
        let expected = container.registrations.reduce(0) { $0 + Set($1.dependencies).count }
        #expect(edges.count == expected)
        #expect(expected == 52)
        #expect(!mermaid.contains("not registered"))
        #expect(!container.graph(format: .dot).contains("not registered"))
    }

    @Test("resolves the main scheduler unnamed and the background one under .background, each a singleton")
    func schedulers() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let container = TestApp.container(cache: cache.url)
        let main = try container.resolve((any Scheduler).self)
        let background = try container.resolve((any Scheduler).self, name: .background)
        #expect(main.label == "main")
        #expect(background.label == "background")
        let first = try #require(background as? SerialQueueScheduler)
        let again = try #require(try container.resolve((any Scheduler).self, name: .background) as? SerialQueueScheduler)
        #expect(first === again)
        #expect(main is MainQueueScheduler)
    }

    @Test("derives the infrastructure from the registered configuration")
    func infrastructureFromConfiguration() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let container = TestApp.container(cache: cache.url)
        #expect(try container.resolve(AppConfiguration.self) == TestApp.configuration(cache: cache.url))
        #expect(try container.resolve(APIClient.self).configuration.baseURL == AppConfiguration.fixturesBaseURL)
        #expect(try container.resolve((any Transport).self) is FixtureTransport)
        let store = try #require(try container.resolve((any CacheStore).self) as? FileCacheStore)
        #expect(store.directory.standardizedFileURL.path == cache.url.standardizedFileURL.path)

        let server = try #require(URL(string: "http://127.0.0.1:8080"))
        let served = Container()
        AppAssembly(configuration: AppConfiguration(backend: .server(baseURL: server), cacheDirectory: cache.url))
            .assemble(into: served)
        #expect(try served.resolve(APIClient.self).configuration.baseURL == server)
        #expect(try served.resolve((any Transport).self) is URLSessionTransport)
    }

    @Test("reports what is missing when the configuration is not registered")
    func missingConfigurationIsReported() throws {
        let container = Container()
        container.apply(AppAssembly.layers)
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(!error.problems.isEmpty)
        #expect(error.problems.allSatisfy { $0.service.description == "AppConfiguration" })
        #expect(error.description.contains("AppConfiguration"))
    }
}

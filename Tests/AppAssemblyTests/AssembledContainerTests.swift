import DIContainer
import DIContainerTestSupport
import DIContainerTesting
import DIDemoAppAssembly
import DIDemoInfrastructure
import DIDemoScheduling
import Foundation
import Testing

@Suite("The assembled reference app", .addingContexts([.mockServer]))
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
        // Outside tests and the mock server, as the app launched against a server.
        let (baseURL, transport) = try Container.withContexts([]) {
            (try served.resolve(APIClient.self).configuration.baseURL, try served.resolve((any Transport).self))
        }
        #expect(baseURL == server)
        #expect(transport is URLSessionTransport)
    }

    @Test("the transport is live-only: a test that forgets to override it gets an error naming it, the path and the fix")
    func forgottenOverride() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let container = TestApp.container(cache: cache.url)
        // The test context alone, without the suite's mock server: nothing answers in place of the network.
        let error = try #require(throws: ResolutionError.self) {
            try Container.withContexts([.test]) { try container.resolve(APIClient.self) }
        }
        guard case .liveOnly = error.kind else {
            Issue.record("expected a live-only error, got \(error)")
            return
        }
        #expect(error.path.map(\.description) == ["APIClient", "Transport"])
        #expect(
            error.description.hasPrefix(
                "Cannot resolve Transport: it is live-only (registered at DIDemoAppAssembly/InfrastructureAssembly.swift:"))
        #expect(error.description.contains("Fix: override it in the test (withOverrides { $0.register(Transport.self) { _ in … } }"))
        let validation = try #require(throws: ValidationError.self) { try container.validate(in: [.test]) }
        #expect(validation.problems.map(\.service.description) == ["Transport"])
        // Overridden, the test goes on.
        let transport = try container.withOverrides {
            $0.register((any Transport).self) { _ in FixtureTransport(directory: TestApp.fixtures) }
        } operation: {
            try Container.withContexts([.test]) {
                _ = try container.resolve(APIClient.self)
                return try container.resolve((any Transport).self)
            }
        }
        #expect(transport is FixtureTransport)
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

import DIContainer
import DIContainerTestSupport
import DIContainerTesting
import DIDemoAppAssembly
import DIDemoScheduling
import Testing

@Suite("The reference app validates with the documented call", .addingContexts([.mockServer]))
struct AppValidationTests {
    @Test("validateAsync() passes the whole app and leaves nothing unchecked")
    func validatesGreen() async throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let unchecked = try await TestApp.container(cache: cache.url).validateAsync()
        #expect(unchecked.isEmpty)
    }

    @Test("without one registration (the background scheduler) it fails, naming each path")
    func oneRegistrationRemoved() async throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let container = Container()
        container.register(AppConfiguration.self, instance: TestApp.configuration(cache: cache.url))
        container.register((any Scheduler).self, lifetime: .singleton) { _ in ImmediateScheduler() }
        container.apply(AppAssembly.layers.filter { !($0 is SchedulingAssembly) })
        let error = try await #require(throws: ValidationError.self) { try await container.validateAsync() }
        #expect(!error.problems.isEmpty)
        #expect(error.problems.allSatisfy { $0.service.description == "Scheduler (name: background)" })
        #expect(error.description.contains("CourseRepository → Scheduler (name: background)"))
    }
}

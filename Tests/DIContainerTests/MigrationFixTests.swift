import DIContainer
import Testing

final class MigrationGreeter: Sendable {
    let greeting: String
    let cache: any CacheStore

    init(greeting: String = "Hello", cache: any CacheStore) {
        self.greeting = greeting
        self.cache = cache
    }
}

/// The small inconsistencies a migrating user hit: `resolveAsync(_:arguments:)` inside a
/// factory, the `async`-factory fix for registrations with arguments, and auto-wired parameters
/// with default values.
@Suite("Migration fixes")
struct MigrationFixTests {
    @Test("resolveAsync with arguments and without a name compiles and works inside a factory")
    func resolveAsyncWithArgumentsInFactory() async throws {
        let container = Container()
        container.register(AsyncDatabase.self) { (_, url: String) async in AsyncDatabase(url: url) }
        container.register(AsyncRepository.self) { r async throws in
            AsyncRepository(database: try await r.resolveAsync(AsyncDatabase.self, arguments: "factory://"))
        }
        #expect(try await container.resolveAsync(AsyncRepository.self).database.url == "factory://")
    }

    @Test("the async-factory fix shows the name and the arguments the registration takes")
    func asyncFactoryFixWithArguments() throws {
        let container = Container()
        container.register(AsyncDatabase.self, name: "main") { (_, url: String, retries: Int) async in
            AsyncDatabase(url: url + "\(retries)")
        }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(AsyncDatabase.self, name: "main", arguments: "x", 1)
        }
        #expect(
            error.description == """
                Cannot resolve AsyncDatabase (name: main): it has an async factory and was asked for synchronously. \
                Path: AsyncDatabase (name: main). \
                Fix: resolve it with try await resolveAsync(AsyncDatabase.self, name: "main", arguments: …) passing \
                arguments of types (String, Int), or register a synchronous factory.
                """)
    }

    @Test("an auto-wired parameter with a default value: the error says defaults are not used and how to pass it")
    func defaultValueParameter() throws {
        let container = Container()
        container.register(MigrationGreeter.self, initializer: MigrationGreeter.init)
        container.register((any CacheStore).self) { _ in MemoryCache() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(MigrationGreeter.self) }
        #expect(
            error.description == """
                Cannot resolve String: nothing is registered for it. Path: MigrationGreeter → String. \
                Fix: auto-wiring resolves every parameter of MigrationGreeter's initializer by type and never uses a default value: \
                register MigrationGreeter with a factory closure that calls the initializer \
                (e.g. container.register(MigrationGreeter.self) { r in MigrationGreeter(…) }), \
                or register the value with container.register(String.self, instance: …).
                """)
        let validation = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(validation.problems.map(\.description) == [error.description])
    }

    @Test("a missing service that is not a plain value keeps the usual fix")
    func missingServiceKeepsUsualFix() throws {
        let container = Container()
        container.register(MigrationGreeter.self) { r in MigrationGreeter(cache: try r.resolve((any CacheStore).self)) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(MigrationGreeter.self) }
        #expect(error.description.hasSuffix("Fix: register it, e.g. container.register(CacheStore.self) { r in … }."))
    }
}

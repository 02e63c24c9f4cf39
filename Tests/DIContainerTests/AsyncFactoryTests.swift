import DIContainer
import Testing

final class AsyncDatabase: Sendable {
    let url: String
    init(url: String) { self.url = url }
}
final class AsyncRepository: Sendable {
    let database: AsyncDatabase
    init(database: AsyncDatabase) { self.database = database }
}
struct AsyncOpenError: Error, CustomStringConvertible {
    var description: String { "the database is locked" }
}

@Suite("Async factories")
struct AsyncFactoryTests {
    @Test("resolveAsync runs an async factory")
    func resolvesAsync() async throws {
        let container = Container()
        container.register(AsyncDatabase.self) { _ async throws in
            await Task.yield()
            return AsyncDatabase(url: "memory://")
        }
        let database = try await container.resolveAsync(AsyncDatabase.self)
        #expect(database.url == "memory://")
    }

    @Test("a synchronous resolve of an async registration throws asyncFactory with a clear description")
    func syncResolveThrows() throws {
        let container = Container()
        container.register(AsyncDatabase.self) { _ async throws in AsyncDatabase(url: "memory://") }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(AsyncDatabase.self) }
        guard case .asyncFactory = error.kind else {
            Issue.record("expected asyncFactory, got \(error.kind)")
            return
        }
        #expect(
            error.description == """
                Cannot resolve AsyncDatabase: it has an async factory and was asked for synchronously. \
                Path: AsyncDatabase. \
                Fix: resolve it with try await resolveAsync(AsyncDatabase.self), or register a synchronous factory.
                """)
    }

    @Test("a synchronous factory that asks for an async registration fails with the whole path")
    func syncDependencyOnAsyncThrows() throws {
        let container = Container()
        container.register(AsyncDatabase.self) { _ async throws in AsyncDatabase(url: "memory://") }
        container.register(AsyncRepository.self) { r in AsyncRepository(database: try r.resolve(AsyncDatabase.self)) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(AsyncRepository.self) }
        #expect(error.path.map(\.description) == ["AsyncRepository", "AsyncDatabase"])
    }

    @Test("an async singleton is built exactly once while 100 tasks await it")
    func singletonUnderContention() async throws {
        let container = Container()
        let built = Counter()
        let tasks = 100
        let gate = AdvancedGate(count: tasks)
        container.register(AsyncDatabase.self, lifetime: .singleton) { _ async throws in
            built.increment()
            // Finish only once every task has started asking, so they all contend.
            await gate.wait()
            return AsyncDatabase(url: "memory://")
        }
        let instances = try await withThrowingTaskGroup(of: AsyncDatabase.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    gate.arrive()
                    return try await container.resolveAsync(AsyncDatabase.self)
                }
            }
            return try await group.reduce(into: [AsyncDatabase]()) { $0.append($1) }
        }
        #expect(instances.count == tasks)
        #expect(built.value == 1)
        let first = try #require(instances.first)
        #expect(instances.allSatisfy { $0 === first })
        #expect(try await container.resolveAsync(AsyncDatabase.self) === first)
    }

    @Test("a failing async singleton factory is retried on the next resolve")
    func failingSingletonRetried() async throws {
        let container = Container()
        let attempts = Counter()
        container.register(AsyncDatabase.self, lifetime: .singleton) { _ async throws in
            if attempts.increment() == 1 { throw AsyncOpenError() }
            return AsyncDatabase(url: "memory://")
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncDatabase.self) }
        if case .factoryFailed(let underlying)? = error?.kind {
            #expect(underlying is AsyncOpenError)
        } else {
            Issue.record("expected factoryFailed, got \(String(describing: error?.kind))")
        }
        let database = try await container.resolveAsync(AsyncDatabase.self)
        #expect(try await container.resolveAsync(AsyncDatabase.self) === database)
        #expect(attempts.value == 2)
    }

    @Test("an async factory resolves synchronous and async dependencies")
    func asyncFactoryWithDependencies() async throws {
        let container = Container()
        container.register(String.self, name: "url") { _ in "file:///app.db" }
        container.register(AsyncDatabase.self, lifetime: .singleton) { r async throws in
            AsyncDatabase(url: try r.resolve(String.self, name: "url"))
        }
        container.register(AsyncRepository.self) { r async throws in
            AsyncRepository(database: try await r.resolveAsync(AsyncDatabase.self))
        }
        let repository = try await container.resolveAsync(AsyncRepository.self)
        #expect(repository.database.url == "file:///app.db")
        #expect(try await container.resolveAsync(AsyncDatabase.self) === repository.database)
    }

    @Test("resolveAsync also resolves synchronous registrations")
    func resolveAsyncOfSync() async throws {
        let container = Container()
        container.register(AsyncDatabase.self) { _ in AsyncDatabase(url: "sync") }
        #expect(try await container.resolveAsync(AsyncDatabase.self).url == "sync")
    }

    @Test("an async factory with runtime arguments gets them")
    func asyncWithArguments() async throws {
        let container = Container()
        container.register(AsyncDatabase.self) { (_, url: String) async throws in AsyncDatabase(url: url) }
        #expect(try await container.resolveAsync(AsyncDatabase.self, arguments: "argument://").url == "argument://")
    }
}

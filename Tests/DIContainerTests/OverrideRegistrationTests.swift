import DIContainer
import Dispatch
import Testing

/// How an override scope takes what its `overrides` closure registers: the first registration is
/// kept without a lock until a second one (or a lookup) arrives, so these tests exercise that
/// hand-over — one registration, a replacement of it, many registrations from several threads.
@Suite("Override registrations")
struct OverrideRegistrationTests {
    private func appContainer() -> Container {
        let container = Container()
        container.register(Int.self) { _ in 0 }
        container.register(String.self) { _ in "real" }
        return container
    }

    @Test("a single override answers, and the real registrations answer the rest")
    func singleOverride() throws {
        let container = appContainer()
        let inside = try container.withOverrides {
            $0.register(Int.self) { _ in 1 }
        } operation: {
            (try container.resolve(Int.self), try container.resolve(String.self))
        }
        #expect(inside == (1, "real"))
        #expect(try container.resolve(Int.self) == 0)
    }

    @Test("registering the same key twice in one scope keeps the later registration")
    func replacedOverride() throws {
        let container = appContainer()
        let (value, registered) = try container.withOverrides {
            $0.register(Int.self) { _ in 1 }
            $0.register(Int.self) { _ in 2 }
        } operation: {
            (try container.resolve(Int.self), container.registrations.filter { $0.service.typeName == "Int" }.count)
        }
        #expect(value == 2)
        #expect(registered == 1)
    }

    @Test("the overrides container answers lookups of its own after its first registration")
    func overridesContainerResolves() throws {
        let container = appContainer()
        var seenWhileRegistering: (Int, String)?
        let inside = try container.withOverrides { overrides in
            overrides.register(Int.self) { _ in 3 }
            let first = try overrides.resolve(Int.self)
            overrides.register(String.self) { _ in "mock" }
            seenWhileRegistering = (first, try overrides.resolve(String.self))
        } operation: {
            (try container.resolve(Int.self), try container.resolve(String.self))
        }
        #expect(seenWhileRegistering.map { $0 == (3, "mock") } == true)
        #expect(inside == (3, "mock"))
    }

    @Test("registrations made from several threads at once are all in the scope", arguments: [1, 2, 64])
    func concurrentRegistrations(count: Int) throws {
        let container = appContainer()
        let resolved = try container.withOverrides(strict: false) { overrides in
            DispatchQueue.concurrentPerform(iterations: count) { index in
                overrides.register(Int.self, name: Name("n\(index)")) { _ in index }
            }
        } operation: {
            try (0..<count).map { try container.resolve(Int.self, name: Name("n\($0)")) }
        }
        #expect(resolved == Array(0..<count))
    }
}

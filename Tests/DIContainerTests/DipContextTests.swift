import DIContainer
import DIContainerLocking
import Testing

// Dip's nine context tests (Tests/DipTests/ContextTests.swift in AliSoftware/Dip), translated.
// Dip's `context` is the container's mutable state read from inside a factory; here who asked is
// the resolver's `requester` (a `ServiceKey`: type and name). Deliberate differences:
// - `resolvingType`: a factory knows what it builds (it is registered for it), so the tests
//   check that its dependency's requester is that type;
// - `tag` of the current resolve is the name of the registration that runs (static); the name
//   a consumer was resolved under reaches its dependencies as `requester.name`;
// - `injectedInProperty`: Swift has no property injection by reflection here; an `initCompleted`
//   hook is the place, and its dependencies are told the consumer's key, not a property name;
// - collaboration is a parent container: the registrations of both answer one resolution.
protocol DipService: Sendable {}
final class DipServiceImp1: DipService {}
final class DipServiceImp2: DipService {}

@Suite("Dip's context tests, translated (who asked)")
struct DipContextTests {
    /// The requesters seen, in order.
    private let seen = Locked<[String]>([])

    private func note(_ resolver: any Resolver, _ place: String) {
        seen.withLock { $0.append("\(place): \(resolver.requester?.description ?? "nil")") }
    }

    private func container() -> Container {
        let container = Container()
        container.register(DipServiceImp2.self) { r in
            note(r, "Imp2")
            return DipServiceImp2()
        }
        return container
    }

    @Test("the currently resolved type is the requester of what its factory and its hook resolve")
    func storesCurrentlyResolvedType() throws {
        let container = container()
        container.register((any DipService).self) { r in
            _ = try r.resolve(DipServiceImp1.self)
            return DipServiceImp1()
        }.initCompleted { r, _ in _ = try r.resolve(DipServiceImp1.self) }
        container.register(DipServiceImp1.self) { r in
            note(r, "Imp1")
            return DipServiceImp1()
        }
        _ = try container.resolve((any DipService).self)
        #expect(seen.withLock { $0 } == ["Imp1: DipService", "Imp1: DipService"])
    }

    @Test("injectedInType: nil at top level, the consumer below it, in factories and hooks")
    func storesInjectedInType() throws {
        let container = container()
        container.register((any DipService).self) { r in
            note(r, "Service")
            _ = try r.resolve(DipServiceImp1.self)
            return DipServiceImp1()
        }.initCompleted { r, _ in note(r, "Service hook") }
        container.register(DipServiceImp1.self) { r in
            note(r, "Imp1")
            return DipServiceImp1()
        }.initCompleted { r, _ in note(r, "Imp1 hook") }
        _ = try container.resolve((any DipService).self)
        #expect(seen.withLock { $0 } == ["Service: nil", "Imp1: DipService", "Imp1 hook: DipService", "Service hook: nil"])
    }

    @Test("the name passed to resolve reaches the dependency as its requester's name")
    func storesTheTagPassedToResolve() throws {
        let container = container()
        container.register((any DipService).self, name: "tag") { r in
            _ = try r.resolve(DipServiceImp1.self, name: "otherTag")
            return DipServiceImp1()
        }
        container.register(DipServiceImp1.self, name: "otherTag") { r in
            note(r, "Imp1")
            return DipServiceImp1()
        }
        _ = try container.resolve((any DipService).self, name: "tag")
        #expect(seen.withLock { $0 } == ["Imp1: DipService (name: tag)"])
    }

    @Test("auto-injection (an initCompleted hook here): named and unnamed dependencies are told the consumer")
    func storesTheTagWhenAutoInjecting() throws {
        let container = container()
        container.register(DipServiceImp2.self, name: "injectedTag") { r in
            note(r, "Imp2 (injectedTag)")
            return DipServiceImp2()
        }
        container.register((any DipService).self, name: "tag") { _ in DipServiceImp1() }
            .initCompleted { r, _ in
                _ = try r.resolve(DipServiceImp2.self)
                _ = try r.resolve(DipServiceImp2.self, name: "injectedTag")
            }
        _ = try container.resolve((any DipService).self, name: "tag")
        #expect(seen.withLock { $0 } == ["Imp2: DipService (name: tag)", "Imp2 (injectedTag): DipService (name: tag)"])
    }

    @Test("auto-wiring: an initializer's parameter is told the consumer, with the name it was resolved under")
    func storesTheTagWhenAutoWiring() throws {
        let container = container()
        container.register((any DipService).self, name: "tag") { (dependency: DipServiceImp2) -> any DipService in dependency }
        _ = try container.resolve((any DipService).self, name: "tag")
        #expect(seen.withLock { $0 } == ["Imp2: DipService (name: tag)"])
    }

    @Test("an unnamed resolve below a named consumer stays unnamed; the consumer's name is the requester's")
    func doesNotOverrideNilTag() throws {
        let container = container()
        container.register((any DipService).self, name: "tag") { r in
            _ = try r.resolve(DipServiceImp2.self)
            return DipServiceImp1()
        }
        _ = try container.resolve((any DipService).self, name: "tag")
        _ = try container.resolve(DipServiceImp2.self)
        #expect(seen.withLock { $0 } == ["Imp2: DipService (name: tag)", "Imp2: nil"])
    }

    @Test("the five injections of one consumer are each told the consumer (a key, not a property name)")
    func storesTheConsumerOfEachInjection() throws {
        let container = container()
        container.register(DipServiceImp2.self, name: "injectedTag") { r in
            note(r, "Imp2")
            return DipServiceImp2()
        }
        container.register((any DipService).self) { _ in DipServiceImp1() }
            .initCompleted { r, _ in
                _ = try r.resolve(DipServiceImp2.self)
                _ = try r.resolve(Lazy<DipServiceImp2>.self).instance
                _ = try r.resolve(DipServiceImp2.self, name: "injectedTag")
                _ = try r.resolve(Provider<DipServiceImp2>.self, name: "injectedTag").instance
                _ = try r.resolve(DipServiceImp2?.self)
            }
        _ = try container.resolve((any DipService).self)
        #expect(seen.withLock { $0 } == Array(repeating: "Imp2: DipService", count: 5))
    }

    @Test("collaboration (a parent container): a top-level resolve of the other's registration has no requester")
    func noInjectedInTypeWithCollaboration() throws {
        let parent = Container()
        parent.register(DipServiceImp1.self) { r in
            note(r, "Imp1")
            return DipServiceImp1()
        }
        let child = Container(parent: parent)
        _ = try child.resolve(DipServiceImp1.self)
        #expect(seen.withLock { $0 } == ["Imp1: nil"])
    }

    @Test("collaboration (a parent container): who asked is kept across the containers' registrations")
    func contextPreservedWithCollaboration() throws {
        let parent = Container()
        parent.register(DipServiceImp1.self) { r in
            note(r, "Imp1")
            return DipServiceImp1()
        }
        let child = Container(parent: parent)
        child.register((any DipService).self) { r in
            _ = try r.resolve(DipServiceImp1.self)
            return DipServiceImp1()
        }
        _ = try child.resolve((any DipService).self)
        #expect(seen.withLock { $0 } == ["Imp1: DipService"])
    }
}

import DIContainer
import Testing

protocol InfoTransport: Sendable {}
final class InfoFixtureTransport: InfoTransport {}
final class InfoClient: Sendable {
    init(transport: any InfoTransport) {}
}
final class InfoRepository: Sendable {
    init(client: InfoClient, transport: any InfoTransport) {}
}
final class InfoDetail: Sendable {
    init(id: Int, client: InfoClient) {}
}

@Suite("Introspection")
struct IntrospectionTests {
    @Test("registrations lists type, name, lifetime, arguments, file and line in registration order")
    func listsRegistrations() throws {
        let container = Container()
        let transportLine = #line + 1
        container.register((any InfoTransport).self, name: "fixtures", instance: InfoFixtureTransport())
        let clientLine = #line + 1
        container.register(InfoClient.self, lifetime: .singleton) { r in
            InfoClient(transport: try r.resolve((any InfoTransport).self, name: "fixtures"))
        }
        let detailLine = #line + 1
        container.register(InfoDetail.self) { (r, id: Int, title: String) in
            InfoDetail(id: id, client: try r.resolve(InfoClient.self))
        }

        let infos = container.registrations
        #expect(infos.map(\.service.description) == ["InfoTransport (name: fixtures)", "InfoClient", "InfoDetail"])
        #expect(infos.map(\.service.argumentTypeNames) == [[], [], ["Int", "String"]])
        #expect(infos.map(\.lifetime) == [.singleton, .singleton, .transient])
        #expect(infos.map(\.isInstance) == [true, false, false])
        #expect(infos.allSatisfy { $0.file == #fileID })
        #expect(infos.map(\.line) == [transportLine, clientLine, detailLine])
        // The closure without arguments ran to learn its dependencies; the one with arguments cannot.
        #expect(infos.map(\.dependencySource) == [.notApplicable, .observed, .unknown])
        #expect(infos[1].dependencies.map(\.description) == ["InfoTransport (name: fixtures)"])
    }

    @Test("dependencies are the same before and after validate and after resolves: declared, or observed on a run")
    func dependenciesAreStable() throws {
        let container = Container()
        container.register((any InfoTransport).self, lifetime: .singleton) { _ in InfoFixtureTransport() }
        container.register(InfoClient.self, lifetime: .singleton) { r in
            InfoClient(transport: try r.resolve((any InfoTransport).self))
        }
        container.register(InfoRepository.self, initializer: InfoRepository.init)
        container.register(InfoDetail.self) { (r, id: Int) in InfoDetail(id: id, client: try r.resolve(InfoClient.self)) }

        let before = container.registrations
        #expect(before.map(\.dependencySource) == [.observed, .observed, .declared, .unknown])
        #expect(before[0].dependencies.isEmpty)
        #expect(before[1].dependencies.map(\.description) == ["InfoTransport"])
        #expect(before[2].dependencies.map(\.description) == ["InfoClient", "InfoTransport"])
        let graph = container.graph(format: .dot)

        _ = try container.resolve(InfoRepository.self)
        #expect(container.registrations == before)
        #expect(throws: ValidationError.self) { try container.validate() }
        #expect(container.registrations == before)
        #expect(container.graph(format: .dot) == graph)

        // A closure with arguments is known once it has run.
        _ = try container.resolve(InfoDetail.self, arguments: 1)
        #expect(container.registrations[3].dependencies.map(\.description) == ["InfoClient"])
        try container.validate()
    }

    @Test("a closure taking runtime arguments learns on its first run; the registration replacing it, and a variant, learn their own")
    func argumentClosuresLearnOnRuns() throws {
        let container = Container()
        container.register((any InfoTransport).self) { _ in InfoFixtureTransport() }
        container.register(InfoClient.self) { r in InfoClient(transport: try r.resolve((any InfoTransport).self)) }
        container.register(InfoDetail.self) { (r, id: Int) in InfoDetail(id: id, client: try r.resolve(InfoClient.self)) }
            .when(.preview) { (r, id: Int) in
                _ = try r.resolve((any InfoTransport).self)
                return InfoDetail(id: id, client: try r.resolve(InfoClient.self))
            }
        func detail() -> RegistrationInfo? { container.registrations.first { $0.service.typeName == "InfoDetail" } }
        #expect(detail()?.dependencySource == .unknown)
        // Outside the preview context: the registration's own factory, learned once, then known.
        for id in 1...3 { _ = try container.withContexts([]) { try container.resolve(InfoDetail.self, arguments: id) } }
        #expect(detail()?.dependencies.map(\.description) == ["InfoClient"])
        // The variant is an entry of its own: what the registration learned is not its.
        let seen = try container.withContexts([.preview]) { () -> [String]? in
            _ = try container.resolve(InfoDetail.self, arguments: 4)
            _ = try container.resolve(InfoDetail.self, arguments: 5)
            return detail()?.dependencies.map(\.description)
        }
        #expect(seen == ["InfoClient", "InfoTransport"])
        // A registration replacing a learned one learns its own factory's dependencies.
        container.register(InfoDetail.self) { (r, id: Int) in
            _ = try r.resolve((any InfoTransport).self)
            return InfoDetail(id: id, client: try r.resolve(InfoClient.self))
        }.replacing()
        #expect(detail()?.dependencySource == .unknown)
        for id in 1...3 { _ = try container.withContexts([]) { try container.resolve(InfoDetail.self, arguments: id) } }
        #expect(detail()?.dependencies.map(\.description) == ["InfoTransport", "InfoClient"])
    }

    @Test("a fresh container's graph shows a resolved singleton's edges as before it was built")
    func resolvedSingletonKeepsItsEdges() throws {
        let container = Container()
        container.register((any InfoTransport).self) { _ in InfoFixtureTransport() }
        container.register(InfoClient.self, lifetime: .singleton) { r in
            InfoClient(transport: try r.resolve((any InfoTransport).self))
        }
        _ = try container.resolve(InfoClient.self)
        let other = Container()
        other.register((any InfoTransport).self) { _ in InfoFixtureTransport() }
        other.register(InfoClient.self, lifetime: .singleton) { r in
            InfoClient(transport: try r.resolve((any InfoTransport).self))
        }
        #expect(container.graph(format: .mermaid) == other.graph(format: .mermaid))
        #expect(container.graph(format: .mermaid).contains("-->"))
    }

    @Test("register returns the registration's info")
    func registerReturnsInfo() {
        let container = Container()
        let line = #line + 1
        let registration = container.register(InfoRepository.self, name: .local, lifetime: .weak, initializer: InfoRepository.init)
        let info = registration.info
        #expect(info.service == ServiceKey(typeName: "InfoRepository", name: .local))
        #expect(info.lifetime == .weak)
        #expect(info.line == line)
        #expect(container.registrations == [info])
    }

    @Test("each registration describes itself in one readable line")
    func descriptions() throws {
        let container = Container()
        let transportLine = #line + 1
        container.register((any InfoTransport).self, instance: InfoFixtureTransport())
        let repositoryLine = #line + 1
        container.register(InfoRepository.self, name: .local, lifetime: .singleton, initializer: InfoRepository.init)
        let detailLine = #line + 1
        container.register(InfoDetail.self) { (r, id: Int) in InfoDetail(id: id, client: try r.resolve(InfoClient.self)) }
        let asyncLine = #line + 1
        container.register(InfoClient.self, lifetime: .singleton) { r async throws in
            InfoClient(transport: try await r.resolveAsync((any InfoTransport).self))
        }
        #expect(
            container.registrations.map(\.description) == [
                "InfoTransport · instance · registered at \(#fileID):\(transportLine)",
                "InfoRepository (name: local) · singleton · depends on InfoClient, InfoTransport · registered at \(#fileID):\(repositoryLine)",
                "InfoDetail · arguments (Int) · transient · dependencies unknown until resolved · registered at \(#fileID):\(detailLine)",
                "InfoClient · singleton, async · dependencies unknown until resolved · registered at \(#fileID):\(asyncLine)",
            ])
    }

    @Test("registrations includes a parent's registrations and the overrides in effect")
    func includesParentAndOverrides() throws {
        let parent = Container()
        parent.register((any InfoTransport).self) { _ in InfoFixtureTransport() }
        let child = Container(parent: parent)
        child.register(InfoClient.self) { r in InfoClient(transport: try r.resolve((any InfoTransport).self)) }
        #expect(child.registrations.map(\.service.typeName) == ["InfoTransport", "InfoClient"])
        #expect(parent.registrations.map(\.service.typeName) == ["InfoTransport"])
        let inside = try child.withOverrides(strict: false) {
            $0.register(InfoRepository.self, initializer: InfoRepository.init)
        } operation: {
            child.registrations.map(\.service.typeName)
        }
        #expect(inside == ["InfoTransport", "InfoClient", "InfoRepository"])
        #expect(child.registrations.count == 2)
    }
}

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
        #expect(infos.map(\.dependencySource) == [.notApplicable, .unknown, .unknown])
    }

    @Test("auto-wired dependencies are declared; closure dependencies are unknown until validate observes them")
    func declaredVersusObserved() throws {
        let container = Container()
        container.register((any InfoTransport).self) { _ in InfoFixtureTransport() }
        container.register(InfoClient.self) { r in InfoClient(transport: try r.resolve((any InfoTransport).self)) }
        container.register(InfoRepository.self, initializer: InfoRepository.init)
        container.register(InfoDetail.self) { (r, id: Int) in InfoDetail(id: id, client: try r.resolve(InfoClient.self)) }

        let before = container.registrations
        #expect(before.map(\.dependencySource) == [.unknown, .unknown, .declared, .unknown])
        #expect(before[2].dependencies.map(\.description) == ["InfoClient", "InfoTransport"])
        #expect(before[1].dependencies.isEmpty)

        try container.validate()
        let after = container.registrations
        // The transport's factory ran in the dry run and asked for nothing: observed, empty.
        #expect(after.map(\.dependencySource) == [.observed, .observed, .declared, .unknown])
        #expect(after[0].dependencies.isEmpty)
        #expect(after[1].dependencies.map(\.description) == ["InfoTransport"])
        #expect(after[2].dependencies.map(\.description) == ["InfoClient", "InfoTransport"])
        #expect(after[3].dependencies.isEmpty)
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
        #expect(container.registrations.map(\.description) == [
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
        let inside = try child.withOverrides {
            $0.register(InfoRepository.self, initializer: InfoRepository.init)
        } operation: {
            child.registrations.map(\.service.typeName)
        }
        #expect(inside == ["InfoTransport", "InfoClient", "InfoRepository"])
        #expect(child.registrations.count == 2)
    }
}

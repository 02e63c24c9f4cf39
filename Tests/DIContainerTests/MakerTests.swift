import DIContainer
import Testing

protocol MkLoading: Sendable { func title(of id: Int) -> String }
struct MkLoader: MkLoading { func title(of id: Int) -> String { "course \(id)" } }
struct MkFakeLoader: MkLoading { func title(of id: Int) -> String { "fake \(id)" } }
final class MkPresenter: Sendable {
    let id: Int
    let title: String
    let requester: String
    init(id: Int, loader: any MkLoading, requester: String = "") {
        (self.id, self.title, self.requester) = (id, loader.title(of: id), requester)
    }
}
final class MkCoordinator: Sendable {
    let makePresenter: Maker<MkPresenter, Int>
    init(makePresenter: Maker<MkPresenter, Int>) { self.makePresenter = makePresenter }
}

@Suite("Factories with arguments given later (Maker)")
struct MakerTests {
    private func container() -> Container {
        let container = Container()
        container.register((any MkLoading).self) { _ in MkLoader() }
        container.register(MkPresenter.self) { (r, id: Int) in
            MkPresenter(id: id, loader: try r.resolve((any MkLoading).self), requester: r.requester?.description ?? "nil")
        }
        return container
    }

    @Test("auto-wired and by closure, each call builds the registration with its arguments")
    func builds() throws {
        let container = container()
        container.register(MkCoordinator.self, initializer: MkCoordinator.init)
        let coordinator = try container.resolve(MkCoordinator.self)
        let first = try coordinator.makePresenter(1)
        let second = try coordinator.makePresenter(2)
        #expect((first.id, first.title, second.id) == (1, "course 1", 2))
        #expect(first !== second)
        #expect(first.requester == "MkCoordinator")
        container.register(String.self) { r in
            let make = try r.resolve(Maker<MkPresenter, Int>.self)
            return try make(7).title
        }
        #expect(try container.resolve(String.self) == "course 7")
    }

    @Test("two arguments, and none")
    func arities() throws {
        let container = Container()
        container.register(String.self) { (_, a: Int, b: String) in "\(a)\(b)" }
        container.register(Int.self) { _ in 3 }
        #expect(try container.resolve(Maker<String, Int, String>.self)(4, "x") == "4x")
        #expect(try container.resolve(Maker<Int>.self)() == 3)
    }

    @Test("the overrides in effect where it is called apply, else those where it was made")
    func overrides() throws {
        let container = container()
        container.register(MkCoordinator.self, initializer: MkCoordinator.init)
        let coordinator = try container.resolve(MkCoordinator.self)
        let overridden = try container.withOverrides {
            $0.register((any MkLoading).self) { _ in MkFakeLoader() }
        } operation: {
            try coordinator.makePresenter(5).title
        }
        #expect(overridden == "fake 5")
        #expect(try coordinator.makePresenter(5).title == "course 5")
    }

    @Test("argument types that match no registration: resolving the handle fails, and validate reports it")
    func mismatch() throws {
        let container = container()
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Maker<MkPresenter, String>.self) }
        guard case .argumentMismatch = error.kind else {
            Issue.record("expected an argument mismatch, got \(error)")
            return
        }
        final class Wrong: Sendable {
            init(make: Maker<MkPresenter, String>) {}
        }
        container.register(Wrong.self, initializer: Wrong.init)
        let validation = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(validation.problems.map(\.path.first?.typeName) == ["MakerTests.Wrong"])
    }

    @Test("validate checks the target's other dependencies without an argument")
    func validatesTarget() throws {
        let container = Container()
        container.register(MkPresenter.self, argument: Int.self) { (id: Int, loader: any MkLoading) in MkPresenter(id: id, loader: loader) }
        container.register(MkCoordinator.self, initializer: MkCoordinator.init)
        let validation = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(validation.problems.map(\.service.typeName) == ["MkLoading"])
        container.register((any MkLoading).self) { _ in MkLoader() }
        try container.validate()
    }

    @Test("called from many tasks at once, each gets its own instance with its own argument")
    func concurrent() async throws {
        let container = container()
        container.register(MkCoordinator.self, initializer: MkCoordinator.init)
        let coordinator = try container.resolve(MkCoordinator.self)
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for id in 0..<64 { group.addTask { try coordinator.makePresenter(id).id } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(ids.sorted() == Array(0..<64))
    }

    @Test("a handle whose container is gone throws containerReleased")
    func released() throws {
        var container: Container? = container()
        let make = try #require(try container?.resolve(Maker<MkPresenter, Int>.self))
        container = nil
        let error = try #require(throws: ResolutionError.self) { try make(1) }
        guard case .containerReleased = error.kind else {
            Issue.record("expected containerReleased, got \(error)")
            return
        }
    }
}

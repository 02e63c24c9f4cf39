import DIContainer
import Testing

/// A node of a generated graph: one type per tag.
final class AgreeNode<Tag>: Sendable {
    init() {}
}
enum AgreeRoot {}
enum AgreeMiddle {}
enum AgreeLeaf {}

/// How one node of a generated graph is registered.
struct NodeShape: Sendable, CustomStringConvertible {
    enum Form: CaseIterable, Sendable {
        case syncClosure, asyncClosure, autoWired
    }

    static let lifetimes: [Lifetime] = [.transient, .graph, .singleton, .weak, .scoped("agreement")]
    static let all: [NodeShape] = Form.allCases.flatMap { form in
        lifetimes.flatMap { lifetime in [false, true].map { NodeShape(form: form, lifetime: lifetime, takesArgument: $0) } }
    }

    let form: Form
    let lifetime: Lifetime
    let takesArgument: Bool

    var description: String { "\(form) \(lifetime)\(takesArgument ? " (Int)" : "")" }

    /// Registers `AgreeNode<T>` in this shape, asking for `AgreeNode<C>` (registered as `child`).
    func register<T, C>(_: T.Type, child: C.Type, _ childShape: NodeShape, in container: Container) {
        let lifetime = self.lifetime
        @Sendable func resolveChild(_ r: any Resolver) throws {
            _ = childShape.takesArgument ? try r.resolve(AgreeNode<C>.self, arguments: 1) : try r.resolve(AgreeNode<C>.self)
        }
        @Sendable func resolveChildAsync(_ r: any Resolver) async throws {
            _ =
                childShape.takesArgument
                ? try await r.resolveAsync(AgreeNode<C>.self, arguments: 1) : try await r.resolveAsync(AgreeNode<C>.self)
        }
        switch (form, takesArgument) {
        case (.syncClosure, false):
            container.register(AgreeNode<T>.self, lifetime: lifetime) { r in
                try resolveChild(r)
                return AgreeNode<T>()
            }
        case (.syncClosure, true):
            container.register(AgreeNode<T>.self, lifetime: lifetime) { (r, _: Int) in
                try resolveChild(r)
                return AgreeNode<T>()
            }
        case (.asyncClosure, false):
            container.register(AgreeNode<T>.self, lifetime: lifetime) { r async throws in
                try await resolveChildAsync(r)
                return AgreeNode<T>()
            }
        case (.asyncClosure, true):
            container.register(AgreeNode<T>.self, lifetime: lifetime) { (r, _: Int) async throws in
                try await resolveChildAsync(r)
                return AgreeNode<T>()
            }
        case (.autoWired, false):
            container.register(AgreeNode<T>.self, lifetime: lifetime, initializer: { (_: AgreeNode<C>) in AgreeNode<T>() })
        case (.autoWired, true):
            container.register(
                AgreeNode<T>.self, lifetime: lifetime, argument: Int.self, initializer: { (_: Int, _: AgreeNode<C>) in AgreeNode<T>() })
        }
    }

    /// Registers `AgreeNode<T>` in this shape, asking for nothing.
    func registerLeaf<T>(_: T.Type, in container: Container) {
        let lifetime = self.lifetime
        switch (form, takesArgument) {
        case (.syncClosure, false): container.register(AgreeNode<T>.self, lifetime: lifetime) { _ in AgreeNode<T>() }
        case (.syncClosure, true): container.register(AgreeNode<T>.self, lifetime: lifetime) { (_, _: Int) in AgreeNode<T>() }
        case (.asyncClosure, false): container.register(AgreeNode<T>.self, lifetime: lifetime) { _ async in AgreeNode<T>() }
        case (.asyncClosure, true):
            container.register(AgreeNode<T>.self, lifetime: lifetime) { (_, _: Int) async in AgreeNode<T>() }
        case (.autoWired, false): container.register(AgreeNode<T>.self, lifetime: lifetime, initializer: { AgreeNode<T>() })
        case (.autoWired, true):
            container.register(AgreeNode<T>.self, lifetime: lifetime, argument: Int.self, initializer: { (_: Int) in AgreeNode<T>() })
        }
    }
}

@Suite("Validation and resolution agree")
struct ValidationAgreementTests {
    /// A chain `AgreeRoot → AgreeMiddle → AgreeLeaf` of the given shapes (two or three).
    private func graph(_ shapes: [NodeShape]) -> Container {
        let container = Container()
        if shapes.count == 2 {
            shapes[0].register(AgreeRoot.self, child: AgreeLeaf.self, shapes[1], in: container)
        } else {
            shapes[0].register(AgreeRoot.self, child: AgreeMiddle.self, shapes[1], in: container)
            shapes[1].register(AgreeMiddle.self, child: AgreeLeaf.self, shapes[2], in: container)
        }
        shapes[shapes.count - 1].registerLeaf(AgreeLeaf.self, in: container)
        return container
    }

    /// Whether `try await resolveAsync` builds the root, in a container of its own.
    private func rootResolves(_ shapes: [NodeShape]) async -> Bool {
        let container = graph(shapes)
        do {
            _ =
                shapes[0].takesArgument
                ? try await container.resolveAsync(AgreeNode<AgreeRoot>.self, arguments: 1)
                : try await container.resolveAsync(AgreeNode<AgreeRoot>.self)
            return true
        } catch {
            return false
        }
    }

    /// Checks one graph: what resolves validates, and what validates with nothing unchecked resolves.
    /// Only closures taking runtime arguments, which validation cannot run, may stay unchecked.
    @discardableResult
    private func checkAgreement(_ shapes: [NodeShape]) async -> Bool {
        let resolves = await rootResolves(shapes)
        let container = graph(shapes)
        let outcome: Result<[ValidationError.Unchecked], any Error>
        do {
            outcome = .success(try await container.validateAsync())
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let unchecked):
            let withArguments = shapes.filter { $0.form != .autoWired && $0.takesArgument }
            #expect(unchecked.count <= withArguments.count, "\(shapes): \(unchecked)")
            if unchecked.isEmpty { #expect(resolves, "\(shapes) validates but its root does not resolve") }
        case .failure(let error):
            #expect(!resolves, "\(shapes) resolves but validation failed: \(error)")
        }
        return resolves
    }

    @Test("validateAsync passes exactly the graphs of two services whose root resolves: every form, lifetime and argument")
    func everyPair() async {
        var resolved = 0
        for root in NodeShape.all {
            for leaf in NodeShape.all where await checkAgreement([root, leaf]) {
                resolved += 1
            }
        }
        // Both outcomes occur: the matrix holds graphs that resolve and graphs that cannot.
        #expect(resolved > 0 && resolved < NodeShape.all.count * NodeShape.all.count)
    }

    @Test("validateAsync passes exactly the graphs of three services whose root resolves (a sample of every combination)")
    func sampledChains() async {
        let all = NodeShape.all
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<600 {
            var shapes: [NodeShape] = []
            for _ in 0..<3 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                shapes.append(all[Int(seed >> 33) % all.count])
            }
            await checkAgreement(shapes)
        }
    }
}

/// An auto-wired service whose parameter has an `async` factory.
protocol AgreeStore: Sendable {}
struct AgreeDatabase: AgreeStore {}
struct AgreeRepository: Sendable {
    let database: AgreeDatabase
}
struct AgreeScreen: Sendable {
    let repository: AgreeRepository
}
struct AgreeOptionalRepository: Sendable {
    let database: AgreeDatabase?
}
@MainActor final class AgreeViewModel {
    init(database: AgreeDatabase) {}
}

@Suite("An auto-wired parameter with an async factory")
struct AutoWiredAsyncParameterTests {
    private func container() -> (Container, databaseLine: Int) {
        let container = Container()
        let line = #line + 1
        container.register(AgreeDatabase.self, lifetime: .singleton) { _ async in AgreeDatabase() }
        container.register(AgreeRepository.self, initializer: AgreeRepository.init)
        return (container, line)
    }

    @Test("validation names the auto-wired registration and the parameter, with a fix that works")
    func validationNamesTheParameter() async throws {
        let (container, line) = container()
        let error = try await #require(throws: ValidationError.self) { try await container.validateAsync() }
        let expected = """
            The container has 1 problem:
            1. Cannot resolve AgreeDatabase: it has an async factory, and AgreeRepository's auto-wired initializer asks for \
            it synchronously (auto-wiring resolves every parameter synchronously, in resolve and resolveAsync alike). \
            Path: AgreeRepository → AgreeDatabase. Fix: register AgreeRepository with an async factory closure that calls \
            its initializer with try await r.resolveAsync(AgreeDatabase.self) for this parameter \
            (container.register(AgreeRepository.self) { r in AgreeRepository(…) }) and resolve AgreeRepository with try \
            await resolveAsync, or register AgreeDatabase with a synchronous factory, or if AgreeDatabase is a \
            singleton, mark it eager() and build it with try await container.start() before AgreeRepository is resolved.
            """
        #expect(error.description == expected)
        #expect(error.problems.first?.registrationSite == "DIContainerTests/ValidationAgreementTests.swift:\(line)")
        #expect(throws: ValidationError.self) { try container.validate() }
    }

    @Test("resolve and resolveAsync fail with the same error, which does not tell the caller to do what they did")
    func resolutionFailsWithTheSameFix() async throws {
        let (container, _) = container()
        let sync = try #require(throws: ResolutionError.self) { try container.resolve(AgreeRepository.self) }
        let async = try await #require(throws: ResolutionError.self) { try await container.resolveAsync(AgreeRepository.self) }
        #expect(sync.description == async.description)
        #expect(sync.description.contains("register AgreeRepository with an async factory closure"))
        #expect(!sync.description.contains("Fix: resolve it with try await resolveAsync"))
    }

    @Test("the fix works: an async factory closure that awaits the parameter validates and resolves")
    func theFixWorks() async throws {
        let (container, _) = container()
        // Replaces the auto-wired registration on purpose, as the fix would in the app.
        container.register(AgreeRepository.self) { r async throws in
            AgreeRepository(database: try await r.resolveAsync(AgreeDatabase.self))
        }
        .replacing()
        container.register(AgreeScreen.self) { r async throws in AgreeScreen(repository: try await r.resolveAsync(AgreeRepository.self)) }
        #expect(try await container.validateAsync().isEmpty)
        _ = try await container.resolveAsync(AgreeScreen.self)
    }

    @Test("the other fix works: the singleton made eager, built by start(), is taken by the auto-wired initializer")
    func theEagerFixWorks() async throws {
        let (container, _) = container()
        container.register(AgreeDatabase.self, lifetime: .singleton) { _ async in AgreeDatabase() }.eager().replacing()
        try await container.start()
        _ = try container.resolve(AgreeRepository.self)
        _ = try await container.resolveAsync(AgreeRepository.self)
        #expect(try await container.validateAsync().isEmpty)
    }

    @Test("an optional parameter, and a main-actor initializer's, are reported too: their resolve fails the same way")
    @MainActor
    func optionalAndMainActorParameters() async throws {
        let container = Container()
        container.register(AgreeDatabase.self) { _ async in AgreeDatabase() }
        container.register(AgreeOptionalRepository.self, initializer: AgreeOptionalRepository.init)
        container.registerMainActor(AgreeViewModel.self, initializer: AgreeViewModel.init)
        let error = try await #require(throws: ValidationError.self) { try await container.validateAsync() }
        #expect(
            error.problems.map { $0.path.map(\.description).joined(separator: " → ") } == [
                "AgreeOptionalRepository → AgreeDatabase", "AgreeViewModel → AgreeDatabase",
            ])
        #expect(error.problems.allSatisfy { if case .asyncFactory = $0.kind { true } else { false } })
        let mainActorFix =
            "Fix: register AgreeDatabase with a synchronous factory: a registerMainActor factory cannot await; or if "
            + "AgreeDatabase is a singleton, mark it eager() and build it with try await container.start() before "
            + "AgreeViewModel is resolved."
        #expect(error.problems[1].description.hasSuffix(mainActorFix))
        await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AgreeOptionalRepository.self) }
        let resolved = try #require(throws: ResolutionError.self) { try container.resolve(AgreeViewModel.self) }
        #expect(resolved.description == error.problems[1].description)
    }

    @Test("asked for as a forwarded type, the fix names the type asked for")
    func forwardedType() async throws {
        let container = Container()
        container.register(AgreeDatabase.self) { _ async in AgreeDatabase() }.implements((any AgreeStore).self)
        let top = try #require(throws: ResolutionError.self) { try container.resolve((any AgreeStore).self) }
        #expect(
            top.description == """
                Cannot resolve AgreeDatabase: it has an async factory and was asked for synchronously (as AgreeStore). \
                Path: AgreeStore → AgreeDatabase. Fix: resolve AgreeStore with try await resolveAsync(AgreeStore.self), \
                or register a synchronous factory.
                """)
        _ = try await container.resolveAsync((any AgreeStore).self)
        container.register(AgreeRepository.self) { r in
            AgreeRepository(database: try r.resolve((any AgreeStore).self) as? AgreeDatabase ?? AgreeDatabase())
        }
        let nested = try #require(throws: ResolutionError.self) { try container.resolve(AgreeRepository.self) }
        #expect(
            nested.description.hasSuffix(
                "Fix: make AgreeRepository's factory async and ask for it there with try await r.resolveAsync(AgreeStore.self) "
                    + "(container.register(AgreeRepository.self) { r in … }), then resolve AgreeRepository with try await "
                    + "resolveAsync; or register AgreeDatabase with a synchronous factory."))
    }

    @Test("a synchronous factory that asks for an async service is told to become async")
    func synchronousFactoryFix() throws {
        let container = Container()
        container.register(AgreeDatabase.self) { _ async in AgreeDatabase() }
        container.register(AgreeRepository.self) { r in AgreeRepository(database: try r.resolve(AgreeDatabase.self)) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(AgreeRepository.self) }
        #expect(
            error.description == """
                Cannot resolve AgreeDatabase: it has an async factory, and AgreeRepository's synchronous factory asks for it. \
                Path: AgreeRepository → AgreeDatabase. Fix: make AgreeRepository's factory async and ask for it there with \
                try await r.resolveAsync(AgreeDatabase.self) (container.register(AgreeRepository.self) { r in … }), then \
                resolve AgreeRepository with try await resolveAsync; or register AgreeDatabase with a synchronous factory.
                """)
    }

    @Test("an async factory that asks for an async service with resolve is told to await resolveAsync")
    func asyncFactoryFix() async throws {
        let container = Container()
        container.register(AgreeDatabase.self) { _ async in AgreeDatabase() }
        container.register(AgreeRepository.self) { r async throws in AgreeRepository(database: try r.resolve(AgreeDatabase.self)) }
        let error = try await #require(throws: ResolutionError.self) { try await container.resolveAsync(AgreeRepository.self) }
        #expect(
            error.description == """
                Cannot resolve AgreeDatabase: it has an async factory, and AgreeRepository's factory asks for it with \
                resolve instead of resolveAsync. Path: AgreeRepository → AgreeDatabase. Fix: in AgreeRepository's factory, \
                ask for it with try await r.resolveAsync(AgreeDatabase.self).
                """)
    }
}

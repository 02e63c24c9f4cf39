import DIContainer
import Testing

protocol CtxTransport: Sendable {
    var source: String { get }
}
final class CtxNamedTransport: CtxTransport {
    let source: String
    init(_ source: String) { self.source = source }
}
struct CtxClient: Sendable {
    let transport: any CtxTransport
}
/// Auto-wired over a live-only service: checked from its parameter types.
struct CtxLamp: Sendable {
    let transport: any CtxTransport
}
struct CtxMissing: Sendable {}
struct CtxMissingUser: Sendable {
    let missing: CtxMissing
}

@Suite("Contexts")
struct ContextTests {
    private func container(lifetime: Lifetime = .singleton) -> (Container, Registration<any CtxTransport>) {
        let container = Container()
        let registration = container.register((any CtxTransport).self, lifetime: lifetime) { _ in CtxNamedTransport("live") }
        container.register(CtxClient.self) { r in CtxClient(transport: try r.resolve((any CtxTransport).self)) }
        return (container, registration)
    }

    private func source(_ container: Container, in contexts: Set<Context>) throws -> String {
        try container.withContexts(contexts) { try container.resolve((any CtxTransport).self).source }
    }

    @Test("a variant taking other runtime arguments than its registration answers with the mismatch")
    func variantWithOtherArguments() throws {
        let container = Container()
        container.register((any CtxTransport).self) { (_, source: String) in CtxNamedTransport(source) }
            .when(.preview) { (_, port: Int) in CtxNamedTransport("port \(port)") }
        #expect(try container.withContexts([]) { try container.resolve((any CtxTransport).self, arguments: "live").source } == "live")
        let error = #expect(throws: ResolutionError.self) {
            try container.withContexts([.preview]) { try container.resolve((any CtxTransport).self, arguments: "live") }
        }
        guard case .argumentMismatch(let registered, let given)? = error?.kind else {
            Issue.record("expected an argument mismatch, got \(String(describing: error))")
            return
        }
        #expect(registered == [["Int"]] && given == ["String"])
    }

    @Test("a test run is a test context, detected without any trait")
    func detectsTheTestRun() {
        #expect(Container.activeContexts.contains(.test))
        #expect(Container.currentContexts == Container.activeContexts)
    }

    @Test("the launch's arguments, environment, previews and test runners make contexts")
    func detection() {
        let contexts = Context.detect(
            arguments: ["/app/demo", "--mock-server", "-verbose", "--count=2", "plain"],
            environment: ["MOCK": "1", "OFF": "0", "XCODE_RUNNING_FOR_PREVIEWS": "1"])
        #expect(contexts.contains(.argument("mock-server")))
        #expect(contexts.contains(.argument("--verbose")))
        #expect(contexts.contains(.argument("count")))
        #expect(!contexts.contains(.argument("plain")))
        #expect(contexts.contains(.environment("MOCK")))
        #expect(!contexts.contains(.environment("OFF")))
        #expect(contexts.contains(.preview))
        #expect(!contexts.contains(.test) && !contexts.contains(.debug))
        for arguments in [["/x/DIContainerPackageTests.xctest"], ["/x/runner", "--testing-library", "swift-testing"]] {
            #expect(Context.detect(arguments: arguments, environment: [:]).contains(.test))
        }
        #expect(Context.detect(arguments: ["/x/app"], environment: ["XCTestConfigurationFilePath": "/t"]) == [.test])
        #expect(Context.detect(arguments: ["/x/app"], environment: [:]).isEmpty)
    }

    @Test("a variant answers while its context is active, the plain registration otherwise")
    func variantAnswersInItsContext() throws {
        let (container, registration) = container()
        registration.when(.preview) { _ in CtxNamedTransport("preview") }
        #expect(try source(container, in: [.preview]) == "preview")
        #expect(try source(container, in: []) == "live")
        #expect(try container.withContexts([.preview]) { try container.resolve(CtxClient.self).transport.source } == "preview")
    }

    @Test("precedence: launch argument, preview, test, debug, then a context of your own")
    func precedence() throws {
        let (container, registration) = container()
        let mine: Context = "mine"
        registration
            .when(mine) { _ in CtxNamedTransport("mine") }
            .when(.debug) { _ in CtxNamedTransport("debug") }
            .when(.test) { _ in CtxNamedTransport("test") }
            .when(.preview) { _ in CtxNamedTransport("preview") }
            .when(.argument("mock-server")) { _ in CtxNamedTransport("argument") }
        let all: Set<Context> = [mine, .debug, .test, .preview, .argument("mock-server")]
        #expect(try source(container, in: all) == "argument")
        #expect(try source(container, in: all.subtracting([.argument("mock-server")])) == "preview")
        #expect(try source(container, in: [mine, .debug, .test]) == "test")
        #expect(try source(container, in: [mine, .debug]) == "debug")
        #expect(try source(container, in: [mine]) == "mine")
        #expect(try source(container, in: ["other"]) == "live")
    }

    @Test("a later variant for a context replaces the earlier; a removed variant leaves the registration", arguments: [false, true])
    func replaceAndRemove(removeFirst: Bool) throws {
        let (container, registration) = container()
        registration.when(.preview) { _ in CtxNamedTransport("first") }.when(.preview) { _ in CtxNamedTransport("second") }
        #expect(try source(container, in: [.preview]) == "second")
        registration.removeVariant(.preview)
        #expect(try source(container, in: [.preview]) == "live")
        #expect(container.registrations.first?.variants.isEmpty == true)
    }

    @Test("kept instances belong to the variant that built them", arguments: [Lifetime.singleton, .weak, .transient, .graph])
    func instancesBelongToTheirVariant(lifetime: Lifetime) throws {
        let (container, registration) = container(lifetime: lifetime)
        registration.when(.preview) { _ in CtxNamedTransport("preview") }
        let live1 = try container.withContexts([]) { try container.resolve((any CtxTransport).self) }
        let preview1 = try container.withContexts([.preview]) { try container.resolve((any CtxTransport).self) }
        let live2 = try container.withContexts([]) { try container.resolve((any CtxTransport).self) }
        let preview2 = try container.withContexts([.preview]) { try container.resolve((any CtxTransport).self) }
        #expect(live1.source == "live" && live2.source == "live")
        #expect(preview1.source == "preview" && preview2.source == "preview")
        let kept = lifetime == .singleton || lifetime == .weak
        #expect((live1 as AnyObject === live2 as AnyObject) == kept)
        #expect((preview1 as AnyObject === preview2 as AnyObject) == kept)
    }

    @Test("reset drops the kept instances of the variants too")
    func resetReachesVariants() throws {
        let (container, registration) = container()
        registration.when(.preview) { _ in CtxNamedTransport("preview") }
        let resolve = { (contexts: Set<Context>) in try container.withContexts(contexts) { try container.resolve((any CtxTransport).self) }
        }
        let (live, preview) = (try resolve([]), try resolve([.preview]))
        container.reset(.singleton)
        #expect(try resolve([]) as AnyObject !== live as AnyObject)
        #expect(try resolve([.preview]) as AnyObject !== preview as AnyObject)
    }

    @Test("a variant takes its own lifetime")
    func variantLifetime() throws {
        let (container, registration) = container(lifetime: .transient)
        registration.when(.preview, lifetime: .singleton) { _ in CtxNamedTransport("preview") }
        let (first, second) = try container.withContexts([.preview]) {
            (try container.resolve((any CtxTransport).self), try container.resolve((any CtxTransport).self))
        }
        #expect(first as AnyObject === second as AnyObject)
        #expect(container.registrations.first?.variants.first?.lifetime == .singleton)
    }

    @Test("variants of async registrations, and of registrations with runtime arguments")
    func asyncAndArguments() async throws {
        let container = Container()
        container.register((any CtxTransport).self) { _ async in CtxNamedTransport("live") }
            .when(.preview) { _ in CtxNamedTransport("preview") }
        container.register(String.self) { (_, id: Int) in "live \(id)" }
            .when(.preview) { (_, id: Int) in "preview \(id)" }
        let (transport, text) = try await Container.withContexts([.preview]) {
            (try await container.resolveAsync((any CtxTransport).self).source, try container.resolve(String.self, arguments: 7))
        }
        #expect(transport == "preview" && text == "preview 7")
        #expect(try container.resolve(String.self, arguments: 7) == "live 7")
    }

    @Test("test overrides win over every variant")
    func overridesWin() throws {
        let (container, registration) = container()
        registration.when(.test) { _ in CtxNamedTransport("test") }.when(.preview) { _ in CtxNamedTransport("preview") }
        let answered = try container.withOverrides {
            $0.register((any CtxTransport).self) { _ in CtxNamedTransport("override") }
        } operation: {
            try source(container, in: [.test, .preview])
        }
        #expect(answered == "override")
    }

    @Test("a child container sees its parent's variants; removeAll drops them with the registrations")
    func parentChildAndRemoveAll() throws {
        let (parent, registration) = container()
        registration.when(.preview) { _ in CtxNamedTransport("preview") }.liveOnly()
        let child = Container(parent: parent)
        #expect(try source(child, in: [.preview]) == "preview")
        #expect(throws: ResolutionError.self) { try source(child, in: [.test]) }
        child.register((any CtxTransport).self) { _ in CtxNamedTransport("child") }
        #expect(try source(child, in: [.preview, .test]) == "child")
        parent.removeAll()
        parent.register((any CtxTransport).self) { _ in CtxNamedTransport("again") }
        #expect(try source(parent, in: [.preview, .test]) == "again")
    }

    @Test("a child that decorates its parent's registration keeps the variants and the live-only mark")
    func childDecoration() throws {
        let (parent, registration) = container()
        registration.when(.preview) { _ in CtxNamedTransport("preview") }.liveOnly()
        let child = Container(parent: parent)
        child.decorate((any CtxTransport).self) { _, inner in CtxNamedTransport("[\(inner.source)]") }
        #expect(try source(child, in: [.preview]) == "[preview]")
        #expect(try source(child, in: []) == "[live]")
        #expect(throws: ResolutionError.self) { try source(child, in: [.test]) }
        #expect(try source(parent, in: [.preview]) == "preview")
    }

    @Test("forwarded types answer with the variant")
    func forwarding() throws {
        let container = Container()
        container.register(CtxNamedTransport.self, lifetime: .singleton) { _ in CtxNamedTransport("live") }
            .implements((any CtxTransport).self)
            .when(.preview) { _ in CtxNamedTransport("preview") }
        #expect(try source(container, in: [.preview]) == "preview")
        #expect(try source(container, in: []) == "live")
    }

    @Test("decorators wrap the variants too")
    func decorators() throws {
        let container = Container()
        container.register(String.self) { _ in "live" }.when(.preview) { _ in "preview" }
        container.decorate(String.self) { _, inner in "[\(inner)]" }
        #expect(try container.withContexts([.preview]) { try container.resolve(String.self) } == "[preview]")
        #expect(try container.withContexts([]) { try container.resolve(String.self) } == "[live]")
    }

    @Test("parallel tasks with different contexts each get their own variant")
    func parallelContexts() async throws {
        let (container, registration) = container()
        registration.when(.preview) { _ in CtxNamedTransport("preview") }.when(.test) { _ in CtxNamedTransport("test") }
        let cases: [(Set<Context>, String)] = [([], "live"), ([.preview], "preview"), ([.test], "test")]
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<300 {
                let (contexts, expected) = cases[index % cases.count]
                group.addTask {
                    try await Container.withContexts(contexts) {
                        await Task.yield()
                        return try container.resolve(CtxClient.self).transport.source == expected
                    }
                }
            }
            for try await matched in group { #expect(matched) }
        }
    }

    @Test("context switches race resolves and variant changes: each resolve gets its context's variant")
    func raceOfSwitches() async throws {
        let (container, registration) = container()
        registration.when(.preview) { _ in CtxNamedTransport("preview") }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<400 {
                group.addTask {
                    if index % 50 == 0 {
                        registration.when(.debug) { _ in CtxNamedTransport("debug") }
                        registration.removeVariant(.debug)
                        return true
                    }
                    let preview = index.isMultiple(of: 2)
                    let source = try container.withContexts(preview ? [.preview] : []) {
                        try container.resolve((any CtxTransport).self).source
                    }
                    return source == (preview ? "preview" : "live")
                }
            }
            for try await matched in group { #expect(matched) }
        }
        let live = try container.withContexts([]) { try container.resolve((any CtxTransport).self) }
        let again = try container.withContexts([]) { try container.resolve((any CtxTransport).self) }
        #expect(live as AnyObject === again as AnyObject)
    }

    @Test("registrations and the graph show variants and live-only marks")
    func introspection() {
        let (container, registration) = container()
        registration.when(.argument("mock-server")) { _ in CtxNamedTransport("fixtures") }.when(.preview, lifetime: .transient) { _ in
            CtxNamedTransport("preview")
        }
        .liveOnly()
        let info = container.registrations[0]
        #expect(info.isLiveOnly)
        #expect(info.variants.map(\.description) == ["argument --mock-server (singleton)", "preview (transient)"])
        #expect(info.description.contains(" · when argument --mock-server (singleton), preview (transient) · live-only"))
        #expect(!container.registrations[1].isLiveOnly && container.registrations[1].variants.isEmpty)
        let graph = container.graph(format: .mermaid)
        #expect(graph.contains("singleton · live-only"))
        #expect(graph.contains("when argument --mock-server (singleton), preview (transient)"))
    }
}

@Suite("Live-only services")
struct LiveOnlyTests {
    private func container() -> Container {
        let container = Container()
        container.register((any CtxTransport).self, lifetime: .singleton) { _ in CtxNamedTransport("live") }.liveOnly()
        container.register(CtxClient.self) { r in CtxClient(transport: try r.resolve((any CtxTransport).self)) }
        return container
    }

    @Test("in a test context, a live-only service fails as a dependency, naming it, the path and the fix")
    func failsAsADependency() throws {
        let container = container()
        let error = try #require(throws: ResolutionError.self) { try container.resolve(CtxClient.self) }
        guard case .liveOnly = error.kind else {
            Issue.record("unexpected \(error.kind)")
            return
        }
        #expect(error.path.map(\.description) == ["CtxClient", "CtxTransport"])
        let line = container.registrations[0].line
        #expect(
            error.description
                == "Cannot resolve CtxTransport: it is live-only (registered at DIContainerTests/ContextTests.swift:\(line)) "
                + "and a test context is active. Path: CtxClient → CtxTransport. Fix: override it in the test "
                + "(withOverrides { $0.register(CtxTransport.self) { _ in … } } or the .overriding trait), or register "
                + "a test variant: .when(.test) { _ in … } on its registration.")
        #expect(throws: ResolutionError.self) { try container.resolve((any CtxTransport).self) }
        #expect(throws: ResolutionError.self) { try container.withContexts([.test, .debug]) { try container.resolve(CtxClient.self) } }
    }

    @Test("outside tests it resolves as usual, and a test variant or an override answers a test")
    func resolvesOutsideTestsOrWithATestVariant() throws {
        let container = container()
        #expect(try container.withContexts([.debug]) { try container.resolve(CtxClient.self) }.transport.source == "live")
        let overridden = try container.withOverrides {
            $0.register((any CtxTransport).self) { _ in CtxNamedTransport("override") }
        } operation: {
            try container.resolve(CtxClient.self).transport.source
        }
        #expect(overridden == "override")
        container.register((any CtxTransport).self) { _ in CtxNamedTransport("live") }.when(.test) { _ in CtxNamedTransport("test") }
            .liveOnly()
        #expect(try container.resolve(CtxClient.self).transport.source == "test")
        #expect(try container.withContexts([]) { try container.resolve(CtxClient.self) }.transport.source == "live")
    }

    @Test("validate() in a test context lists every live-only service at once; another context can be asked for")
    func validateListsThemAll() async throws {
        let container = container()
        container.register(String.self) { _ in "live" }.liveOnly()
        container.register(Int.self) { (_, id: Int) in id }.liveOnly()
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.problems.map(\.service.description) == ["CtxTransport", "Int", "String"])
        #expect(error.problems.allSatisfy { if case .liveOnly = $0.kind { true } else { false } })
        #expect(error.unchecked.isEmpty)
        // Outside tests only what validation cannot invent arguments for stays unchecked.
        let outside = try #require(throws: ValidationError.self) { try container.validate(in: [.debug]) }
        #expect(outside.problems.isEmpty && outside.unchecked.map(\.service.description) == ["Int"])
        // validateAsync() returns them as what tests override; strict, it fails over them.
        let overridden = try await container.validateAsync()
        #expect(overridden.map(\.service.description) == ["CtxTransport", "String", "Int"])
        await #expect(throws: ValidationError.self) { try await container.validateAsync(strict: true) }
        #expect(throws: ValidationError.self) { try container.withContexts([.preview]) { try container.validate(in: [.test]) } }
    }

    @Test("validateAsync() in a test context checks the graph and returns what tests override: live-only services and what stops at one")
    func validateAsyncReturnsWhatTestsOverride() async throws {
        let container = container()
        container.register(CtxLamp.self, initializer: CtxLamp.init)
        let overridden = try await container.validateAsync()
        let line = container.registrations[0].line
        #expect(
            overridden.map(\.description) == [
                "CtxTransport: not checked: it is live-only (registered at DIContainerTests/ContextTests.swift:\(line)) and a test "
                    + "context is active: each test that needs it overrides it (withOverrides { $0.register(CtxTransport.self) "
                    + "{ _ in … } } or the .overriding trait), or it gets a test variant, .when(.test) { _ in … }",
                "CtxClient: not checked: its factory asks for live-only CtxTransport, which a test context does not run; it was "
                    + "checked up to there, and a test that overrides CtxTransport (withOverrides { $0.register(CtxTransport.self) "
                    + "{ _ in … } } or the .overriding trait) runs the rest",
            ])
        // A real problem still fails it, and names the live-only services among the unchecked.
        container.register(CtxMissingUser.self, initializer: CtxMissingUser.init)
        let error = try await #require(throws: ValidationError.self) { try await container.validateAsync() }
        #expect(error.problems.map(\.service.description) == ["CtxMissing"])
        #expect(error.unchecked.map(\.service.description) == ["CtxTransport", "CtxClient"])
        // The strict checks fail over the live-only service, as before.
        let strict = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(strict.problems.map(\.service.description) == ["CtxMissing", "CtxTransport"])
        // Once a test overrides it, nothing is left for tests to override.
        let inScope = try await container.withOverrides(strict: false) {
            $0.register((any CtxTransport).self) { _ in CtxNamedTransport("override") }
            $0.register(CtxMissing.self) { _ in CtxMissing() }
        } operation: {
            try await container.validateAsync()
        }
        #expect(inScope.isEmpty)
    }
}

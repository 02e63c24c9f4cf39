import DIContainer
import Testing

/// A service and a decorator of it that records what it wraps.
protocol Greeter: Sendable {
    var greeting: String { get }
}

struct PlainGreeter: Greeter {
    let greeting: String
}

final class LoudGreeter: Greeter {
    let inner: any Greeter
    let mark: String
    init(_ inner: any Greeter, mark: String = "!") {
        self.inner = inner
        self.mark = mark
    }
    var greeting: String { inner.greeting + mark }
}

@Suite("Decorators")
struct DecoratorTests {
    let container = Container()

    @Test("a decorator wraps what the registration builds, once per build, in every lifetime", arguments: Lifetime.examples)
    func everyLifetime(lifetime: Lifetime) throws {
        let builds = Counter()
        let decorations = Counter()
        container.register(Numbered.self, lifetime: lifetime) { _ in Numbered(builds.increment()) }
        container.decorate(Numbered.self) { _, inner in
            decorations.increment()
            return Numbered(inner.number * 100)
        }
        let first = try container.resolve(Numbered.self)
        let second = try container.resolve(Numbered.self)
        #expect(first.number == 100)
        #expect(decorations.value == builds.value)
        switch lifetime {
        case .singleton, .scoped, .weak:
            #expect(second === first)  // the decorated instance is what the lifetime keeps
            #expect(decorations.value == 1)
        case .transient, .graph:
            #expect(second.number == 200)
        }
    }

    @Test("several decorators apply in the order they were added")
    func order() throws {
        container.register((any Greeter).self) { _ in PlainGreeter(greeting: "hello") }
        container.decorate((any Greeter).self) { _, inner in LoudGreeter(inner, mark: "!") }
        container.decorate((any Greeter).self) { _, inner in LoudGreeter(inner, mark: "?") }
        #expect(try container.resolve((any Greeter).self).greeting == "hello!?")
    }

    @Test("a decorator added before the registration applies to it, and to later replacements")
    func decorateBeforeRegister() throws {
        container.decorate((any Greeter).self, name: "mail") { _, inner in LoudGreeter(inner) }
        container.register((any Greeter).self, name: "mail") { _ in PlainGreeter(greeting: "hi") }
        #expect(try container.resolve((any Greeter).self, name: "mail").greeting == "hi!")
        container.register((any Greeter).self, name: "mail") { _ in PlainGreeter(greeting: "hey") }
        #expect(try container.resolve((any Greeter).self, name: "mail").greeting == "hey!")
        container.register((any Greeter).self) { _ in PlainGreeter(greeting: "plain") }
        #expect(try container.resolve((any Greeter).self).greeting == "plain")
    }

    @Test("removeAll() drops the registrations, not the decorators: what is registered again is decorated")
    func decoratorsOutliveRemoveAll() throws {
        container.decorate((any Greeter).self) { _, inner in LoudGreeter(inner) }
        container.register((any Greeter).self) { _ in PlainGreeter(greeting: "hi") }
        container.removeAll()
        #expect(!container.isRegistered((any Greeter).self))
        container.register((any Greeter).self) { _ in PlainGreeter(greeting: "again") }
        #expect(try container.resolve((any Greeter).self).greeting == "again!")
    }

    @Test("decorating a built singleton drops it, so that only the decorated one is kept")
    func decorateAfterBuild() throws {
        container.register(Numbered.self, lifetime: .singleton) { _ in Numbered(1) }
        _ = try container.resolve(Numbered.self)
        container.decorate(Numbered.self) { _, inner in Numbered(inner.number + 10) }
        let decorated = try container.resolve(Numbered.self)
        #expect(decorated.number == 11)
        #expect(try container.resolve(Numbered.self) === decorated)
    }

    @Test("a decorator resolves from the same resolution: graph instances are shared")
    func decoratorResolves() throws {
        final class Log: Sendable {}
        final class Logged: Sendable {
            let log: Log
            let innerLog: Log
            init(log: Log, innerLog: Log) {
                self.log = log
                self.innerLog = innerLog
            }
        }
        container.register(Log.self, lifetime: .graph) { _ in Log() }
        container.register(Logged.self) { r in
            let log = try r.resolve(Log.self)
            return Logged(log: log, innerLog: log)
        }
        container.decorate(Logged.self) { r, inner in Logged(log: try r.resolve(Log.self), innerLog: inner.log) }
        let logged = try container.resolve(Logged.self)
        #expect(logged.log === logged.innerLog)
    }

    @Test("an override scope adds decorators of its own, with instances of its own")
    func underOverrides() throws {
        container.register((any Greeter).self, lifetime: .singleton) { _ in PlainGreeter(greeting: "hello") }
        container.decorate((any Greeter).self) { _, inner in LoudGreeter(inner, mark: "!") }
        let real = try container.resolve((any Greeter).self)
        try container.withOverrides {
            $0.decorate((any Greeter).self) { _, inner in LoudGreeter(inner, mark: " (test)") }
        } operation: {
            let scoped = try container.resolve((any Greeter).self)
            #expect(scoped.greeting == "hello! (test)")
            #expect(try container.resolve((any Greeter).self) as AnyObject === scoped as AnyObject)
        }
        #expect(try container.resolve((any Greeter).self).greeting == "hello!")
        #expect(try container.resolve((any Greeter).self) as AnyObject === real as AnyObject)
    }

    @Test("an override scope's decorators wrap its own mocks too")
    func overridesDecorateTheirMocks() throws {
        container.register((any Greeter).self) { _ in PlainGreeter(greeting: "hello") }
        try container.withOverrides {
            $0.register((any Greeter).self) { _ in PlainGreeter(greeting: "mock") }
            $0.decorate((any Greeter).self) { _, inner in LoudGreeter(inner) }
        } operation: {
            let greeting = try container.resolve((any Greeter).self).greeting
            #expect(greeting == "mock!")
        }
    }

    @Test("a child decorates what it inherits for itself; the parent is unchanged")
    func childDecoratesInherited() throws {
        container.register((any Greeter).self, lifetime: .singleton) { _ in PlainGreeter(greeting: "hello") }
        let child = Container(parent: container)
        child.decorate((any Greeter).self) { _, inner in LoudGreeter(inner) }
        #expect(try child.resolve((any Greeter).self).greeting == "hello!")
        #expect(try container.resolve((any Greeter).self).greeting == "hello")
    }

    @Test("registrations, the graph and validate() show decorators and what they need")
    func introspection() throws {
        final class Log: Sendable {}
        container.register((any Greeter).self, lifetime: .singleton) { _ in PlainGreeter(greeting: "hello") }
        container.decorate((any Greeter).self, file: "App/Assembly.swift", line: 7) { r, inner in
            _ = try r.resolve(Log.self)
            return LoudGreeter(inner)
        }
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(
            error.description == """
                The container has 1 problem:
                1. Cannot resolve DecoratorTests.Log: nothing is registered for it. Path: Greeter → DecoratorTests.Log. \
                Fix: register it, e.g. container.register(DecoratorTests.Log.self) { r in … }.
                """)
        container.register(Log.self) { _ in Log() }
        try container.validate()
        let info = try #require(container.registrations.first)
        #expect(info.decorators == ["App/Assembly.swift:7"])
        #expect(info.dependencies.map(\.description) == ["DecoratorTests.Log"])
        #expect(info.description.hasSuffix("decorated at App/Assembly.swift:7"))
        #expect(container.graph(format: .mermaid).contains("singleton · decorated"))
    }

    @Test("an auto-wired registration's decorator dependencies are learned by validate()")
    func autoWiredDecorated() throws {
        final class Log: Sendable {}
        final class Service: Sendable {
            init(numbered: Numbered) {}
        }
        container.register(Numbered.self) { _ in Numbered(1) }
        container.register(Service.self, initializer: Service.init)
        container.decorate(Service.self) { r, inner in
            _ = try r.resolve(Log.self)
            return inner
        }
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.problems.map(\.path.description) == ["[DecoratorTests.Service, DecoratorTests.Log]"])
    }

    @Test("a decorator that throws fails the resolve, naming the registration")
    func throwingDecorator() throws {
        container.register(Numbered.self, file: "App/Assembly.swift", line: 3) { _ in Numbered(1) }
        container.decorate(Numbered.self) { _, _ in throw FactoryError() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Numbered.self) }
        #expect(
            error.description == """
                Cannot resolve Numbered: its factory threw the disk is full. Path: Numbered. \
                Fix: make the factory succeed; it was registered at App/Assembly.swift:3.
                """)
    }

    @Test("async registrations are decorated too")
    func asyncRegistration() async throws {
        container.register(Numbered.self) { _ async in Numbered(1) }
        container.decorate(Numbered.self) { _, inner in Numbered(inner.number + 1) }
        #expect(try await container.resolveAsync(Numbered.self).number == 2)
    }

    @Test("a ready-made instance is handed out as registered, never decorated")
    func readyMadeInstance() throws {
        let instance = Numbered(1)
        container.register(Numbered.self, instance: instance)
        container.decorate(Numbered.self) { _, inner in Numbered(inner.number + 1) }
        #expect(try container.resolve(Numbered.self) === instance)
        let child = Container(parent: container)
        child.decorate(Numbered.self) { _, inner in Numbered(inner.number + 1) }
        #expect(try child.resolve(Numbered.self) === instance)
    }
}

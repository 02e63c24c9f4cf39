import DIContainer
import DIContainerLocking
import Testing

protocol AskLogging: Sendable { var label: String { get } }
struct AskLogger: AskLogging { let label: String }
final class AskCheckout: Sendable {
    let logger: any AskLogging
    init(logger: any AskLogging) { self.logger = logger }
}
final class AskCart: Sendable {
    let logger: any AskLogging
    init(logger: any AskLogging) { self.logger = logger }
}
final class AskReport: Sendable {
    let logger: Lazy<any AskLogging>
    let loggers: Provider<any AskLogging>
    init(logger: Lazy<any AskLogging>, loggers: Provider<any AskLogging>) { (self.logger, self.loggers) = (logger, loggers) }
}
protocol AskCheckingOut: Sendable {}
extension AskCheckout: AskCheckingOut {}

@Suite("Who asked (r.requester)")
struct RequesterTests {
    private func container() -> Container {
        let container = Container()
        container.register((any AskLogging).self) { r in AskLogger(label: r.requester?.description ?? "app") }
        return container
    }

    @Test("a factory's dependency is told who asked; at top level, nobody")
    func closure() throws {
        let container = container()
        container.register(AskCheckout.self) { r in AskCheckout(logger: try r.resolve((any AskLogging).self)) }
        container.register(AskCart.self, name: "guest") { r in AskCart(logger: try r.resolve((any AskLogging).self)) }
        #expect(try container.resolve(AskCheckout.self).logger.label == "AskCheckout")
        #expect(try container.resolve(AskCart.self, name: "guest").logger.label == "AskCart (name: guest)")
        #expect(try container.resolve((any AskLogging).self).label == "app")
    }

    @Test("through auto-wiring, a forwarded type and a decorator, the requester is the service that declared the dependency")
    func autoWiringForwardingDecorators() throws {
        let container = container()
        container.register(AskCheckout.self, initializer: AskCheckout.init).implements((any AskCheckingOut).self)
        container.register(AskCart.self) { r in AskCart(logger: try r.resolve((any AskLogging).self)) }
        container.decorate((any AskLogging).self) { r, inner in AskLogger(label: inner.label + " via " + (r.requester?.typeName ?? "-")) }
        #expect(try container.resolve(AskCheckout.self).logger.label == "AskCheckout via AskCheckout")
        let forwarded = try #require(try container.resolve((any AskCheckingOut).self) as? AskCheckout)
        #expect(forwarded.logger.label == "AskCheckout via AskCheckout")
        #expect(try container.resolve(AskCart.self).logger.label == "AskCart via AskCart")
    }

    @Test("read through a Lazy or a Provider, later, the requester is the service that asked for the handle")
    func handles() throws {
        let container = container()
        container.register(AskReport.self, lifetime: .singleton, initializer: AskReport.init)
        let report = try container.resolve(AskReport.self)
        #expect(try report.logger.instance.label == "AskReport")
        #expect(try report.loggers.instance.label == "AskReport")
        #expect(try container.resolve(Provider<any AskLogging>.self).instance.label == "app")
    }

    @Test(
        "a registration that keeps or shares its instance may not read who asked: resolve throws with the fix, validate reports it",
        arguments: [Lifetime.singleton, .graph, .weak, .scoped("ask")])
    func keptRefused(lifetime: Lifetime) throws {
        final class Shared: Sendable {
            let label: String
            init(label: String) { self.label = label }
        }
        let container = Container()
        container.register(Shared.self, lifetime: lifetime) { r in Shared(label: r.requester?.description ?? "app") }
        container.register(AskCart.self) { r in AskCart(logger: AskLogger(label: try r.resolve(Shared.self).label)) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(AskCart.self) }
        #expect(error.path.map(\.typeName) == ["AskCart", "RequesterTests.Shared"])
        #expect(error.description.contains("its factory reads r.requester, but a \(lifetime) instance is shared"))
        #expect(error.description.contains("Fix: register it with lifetime: .transient"))
        let validation = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(validation.problems.contains { $0.description.contains("reads r.requester") })
    }

    @Test("many threads at once: each consumer's logger names its consumer")
    func concurrent() async throws {
        let container = container()
        container.register(AskCheckout.self, initializer: AskCheckout.init)
        container.register(AskCart.self, initializer: AskCart.init)
        let labels = try await withThrowingTaskGroup(of: (Bool, String).self) { group in
            for index in 0..<64 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? (true, try container.resolve(AskCheckout.self).logger.label)
                        : (false, try container.resolve(AskCart.self).logger.label)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(labels.count == 64)
        #expect(labels.allSatisfy { $0.0 ? $0.1 == "AskCheckout" : $0.1 == "AskCart" })
    }

    @Test("an async factory's dependency is told who asked")
    func async() async throws {
        let container = container()
        container.register(AskCheckout.self) { r async throws in AskCheckout(logger: try await r.resolveAsync((any AskLogging).self)) }
        #expect(try await container.resolveAsync(AskCheckout.self).logger.label == "AskCheckout")
    }
}

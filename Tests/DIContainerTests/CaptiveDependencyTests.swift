import DIContainer
import Testing

/// A service kept longer than a request that asks for the request's context.
final class AuditLog: Sendable {
    let context: RequestContext?
    let provider: Provider<RequestContext>?
    init(context: RequestContext? = nil, provider: Provider<RequestContext>? = nil) {
        (self.context, self.provider) = (context, provider)
    }
}

@Suite("Captive dependencies")
struct CaptiveDependencyTests {
    private func container(audit lifetime: Lifetime) -> Container {
        let container = Container()
        container.register(RequestContext.self, lifetime: .scoped(.request)) { _ in RequestContext(user: CurrentUser.name) }
        container.register(AuditLog.self, lifetime: lifetime) { r in AuditLog(context: try r.resolve(RequestContext.self)) }
        return container
    }

    @Test(
        "an instance kept longer than the scope may not keep one of its instances",
        arguments: [Lifetime.singleton, .weak, .scoped(.session), .custom("five minutes") { KeptInstance() }])
    func refused(lifetime: Lifetime) async throws {
        let container = container(audit: lifetime)
        let error = try await #require(throws: ResolutionError.self) {
            try await container.withScope(.request) { _ = try container.resolve(AuditLog.self) }
        }
        guard case .captiveDependency(let consumer, let dependency, let scope) = error.kind else {
            Issue.record("expected a captive dependency, got \(error)")
            return
        }
        #expect(consumer.typeName == "AuditLog")
        #expect(dependency.typeName == "RequestContext")
        #expect(scope == .request)
        #expect(error.path.map(\.typeName) == ["AuditLog", "RequestContext"])
        #expect("\(error)".contains("Provider<RequestContext>"))
    }

    @Test(
        "a dependency already kept in its scope is refused as well: reuse is checked like a build",
        arguments: [Lifetime.singleton, .weak, .scoped(.session)])
    func refusedWhenAlreadyKept(lifetime: Lifetime) async throws {
        let container = container(audit: lifetime)
        let error = try await #require(throws: ResolutionError.self) {
            try await container.withScope(.request) {
                _ = try container.resolve(RequestContext.self)
                _ = try container.resolve(AuditLog.self)
            }
        }
        guard case .captiveDependency = error.kind else {
            Issue.record("expected a captive dependency, got \(error)")
            return
        }
        #expect(error.path.map(\.typeName) == ["AuditLog", "RequestContext"])
        // A scope's generation (no scope open) outlives no singleton either.
        let generations = Container()
        generations.register(RequestContext.self, lifetime: .scoped(.session)) { _ in RequestContext(user: "a") }
        generations.register(AuditLog.self, lifetime: .singleton) { r in AuditLog(context: try r.resolve(RequestContext.self)) }
        _ = try generations.resolve(RequestContext.self)
        #expect(throws: ResolutionError.self) { try generations.resolve(AuditLog.self) }
    }

    @Test("transient and graph consumers, the same scope, and a Provider are fine")
    func allowed() async throws {
        for lifetime in [Lifetime.transient, .graph, .scoped(.request)] {
            let container = container(audit: lifetime)
            let user = try await CurrentUser.$name.withValue("ada") {
                try await container.withScope(.request) { try container.resolve(AuditLog.self).context?.user }
            }
            #expect(user == "ada")
        }
        let container = Container()
        container.register(RequestContext.self, lifetime: .scoped(.request)) { _ in RequestContext(user: CurrentUser.name) }
        container.register(AuditLog.self, lifetime: .singleton) { r in AuditLog(provider: try r.resolve(Provider<RequestContext>.self)) }
        let audit = try container.resolve(AuditLog.self)
        let users = try await withThrowingTaskGroup(of: String.self) { group in
            for name in ["ada", "grace"] {
                group.addTask {
                    try await CurrentUser.$name.withValue(name) {
                        try await container.withScope(.request) { try audit.provider?.instance.user ?? "" }
                    }
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(users == ["ada", "grace"])
    }

    @Test("a captive dependency through a transient in between is refused too")
    func throughTransient() throws {
        let container = Container()
        container.register(RequestContext.self, lifetime: .scoped(.request)) { _ in RequestContext(user: "a") }
        container.register(UnitOfWork.self) { r in
            _ = try r.resolve(RequestContext.self)
            return UnitOfWork(pool: Pool(serial: 0), serial: 0)
        }
        container.register(Cache.self, lifetime: .singleton) { r in Cache(pool: try r.resolve(UnitOfWork.self).pool) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Cache.self) }
        guard case .captiveDependency = error.kind else {
            Issue.record("expected a captive dependency, got \(error)")
            return
        }
        #expect(error.path.map(\.typeName) == ["Cache", "UnitOfWork", "RequestContext"])
    }

    @Test("the message names the path and both fixes, the scope spelled as the app writes it")
    func golden() async throws {
        let audited = container(audit: .singleton)
        let error = try await #require(throws: ResolutionError.self) {
            try await audited.withScope(.request) { _ = try audited.resolve(AuditLog.self) }
        }
        #expect(
            error.description == """
                Cannot resolve RequestContext: AuditLog (a singleton) lives longer than RequestContext, an instance \
                of the request scope, and would keep it after that scope ends (a captive dependency). \
                Path: AuditLog → RequestContext. Fix: let AuditLog take a Provider<RequestContext> and call it each \
                time it needs one, or register AuditLog with lifetime .scoped(.request) (or transient) too.
                """)

        // A scope whose text cannot be a static member is written as its string literal.
        let container = Container()
        container.register(RequestContext.self, lifetime: .scoped("user session")) { _ in RequestContext(user: "a") }
        container.register(AuditLog.self, lifetime: .singleton) { r in AuditLog(context: try r.resolve(RequestContext.self)) }
        let literal = try #require(throws: ResolutionError.self) { try container.resolve(AuditLog.self) }
        #expect(literal.description.hasSuffix("or register AuditLog with lifetime .scoped(\"user session\") (or transient) too."))
    }

    @Test("validate reports a captive dependency with its path and the fix")
    func validateReports() throws {
        let container = container(audit: .singleton)
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect("\(error)".contains("captive dependency"))
        #expect("\(error)".contains("AuditLog → RequestContext"))
    }
}

import DIContainer
import DIContainerLocking
import Testing

/// Scopes as servers use them: a request scope exists only while open, the request's data is
/// handed into it, and hooks learn how the request ended, each within its own deadline.
@Suite("Scopes that exist only while open, values handed in, how a lifetime ended")
struct ScopeDataTests {
    final class Context: Sendable {
        let user: String
        init(user: String) { self.user = user }
    }
    final class AuditLog: Sendable {
        let context: Context
        init(context: Context) { self.context = context }
    }
    final class Unit: Sendable {}
    struct Failure: Error, Equatable {}

    @Test("a request-scoped service resolved where no request scope is open throws scopeNotOpen, with the fix")
    func requestOutsideItsScope() async throws {
        let container = Container()
        container.register(Unit.self, lifetime: .scoped(.request)) { _ in Unit() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Unit.self) }
        guard case .scopeNotOpen(let scope) = error.kind else {
            Issue.record("expected scopeNotOpen, got \(error)")
            return
        }
        #expect(scope == .request)
        #expect(
            "\(error)"
                == "Cannot resolve ScopeDataTests.Unit: it is .scoped(.request), a scope that exists only while open, and no "
                + "withScope(.request) is open here. Path: ScopeDataTests.Unit. Fix: resolve it inside try await "
                + "container.withScope(.request) { … } (a Task.detached does not inherit the scope: use a child task), or give "
                + "it a lifetime that exists outside the scope.")
        // A detached task inside a request has no request scope either.
        let detached = try await container.withScope(.request) {
            await Task.detached { Result { try container.resolve(Unit.self) } }.value
        }
        #expect(throws: ResolutionError.self) { try detached.get() }
    }

    @Test("any scope may require an open scope; others keep their generation outside withScope")
    func customScopes() async throws {
        let job = Scope("job", requiresOpenScope: true)
        let session: Scope = "session"
        #expect(job.requiresOpenScope && Scope.request.requiresOpenScope && !session.requiresOpenScope)
        let container = Container()
        container.register(Unit.self, lifetime: .scoped(job)) { _ in Unit() }
        container.register(Unit.self, name: "session", lifetime: .scoped(session)) { _ in Unit() }
        #expect(throws: ResolutionError.self) { try container.resolve(Unit.self) }
        let inJob = try await container.withScope(job) { try container.resolve(Unit.self) }
        #expect(try container.resolve(Unit.self, name: "session") === (try container.resolve(Unit.self, name: "session")))
        _ = inJob
        try await container.validateAsync()
    }

    @Test("a value handed into the scope answers its providedBy registration, for the scope's consumers")
    func providedValues() async throws {
        let container = Container()
        container.register(Context.self, providedBy: .request)
        container.register(AuditLog.self, lifetime: .scoped(.request)) { r in AuditLog(context: try r.resolve(Context.self)) }
        try await container.validateAsync()
        let users = try await withThrowingTaskGroup(of: String.self) { group in
            for user in ["ada", "grace", "alan"] {
                group.addTask {
                    try await container.withScope(.request, providing: Context(user: user)) {
                        try container.resolve(AuditLog.self).context.user
                    }
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(users == ["ada", "grace", "alan"])
    }

    @Test("a scope opened without the value throws notProvided, naming providing:")
    func notProvided() async throws {
        let container = Container()
        container.register(Context.self, providedBy: .request)
        let error = try await container.withScope(.request) {
            try #require(throws: ResolutionError.self) { try container.resolve(Context.self) }
        }
        guard case .notProvided(let scope) = error.kind else {
            Issue.record("expected notProvided, got \(error)")
            return
        }
        #expect(scope == .request)
        #expect("\(error)".contains("withScope(.request, providing: ScopeDataTests.Context(…))"))
    }

    @Test("a singleton consuming a provided value is a captive dependency")
    func providedValueCaptive() async throws {
        let container = Container()
        container.register(Context.self, providedBy: .request)
        container.register(AuditLog.self, lifetime: .singleton) { r in AuditLog(context: try r.resolve(Context.self)) }
        await #expect(throws: ValidationError.self) { try await container.validateAsync() }
        let error = try await container.withScope(.request, providing: Context(user: "ada")) {
            try #require(throws: ResolutionError.self) { try container.resolve(AuditLog.self) }
        }
        guard case .captiveDependency = error.kind else {
            Issue.record("expected captiveDependency, got \(error)")
            return
        }
        #expect("\(error)".contains("ScopeDataTests.AuditLog (a singleton) lives longer than ScopeDataTests.Context"))
    }

    @Test("hooks are told how the scope ended: its operation returned or threw, with the error")
    func reasonsOfScopes() async throws {
        let container = Container()
        let log = EventLog()
        container.register(Unit.self, lifetime: .scoped(.request)) { _ in Unit() }
            .onShutdown { _, reason in
                switch reason {
                case .scopeSucceeded: log.record("commit")
                case .scopeFailed(let error): log.record("rollback \(error is Failure)")
                default: log.record("other \(reason)")
                }
            }
        try await container.withScope(.request) { _ = try container.resolve(Unit.self) }
        await #expect(throws: Failure.self) {
            try await container.withScope(.request) {
                _ = try container.resolve(Unit.self)
                throw Failure()
            }
        }
        #expect(log.all == ["commit", "rollback true"])
    }

    @Test("hooks are told a reset, a replacement and the container's shutdown apart")
    func reasonsOfContainer() async throws {
        let container = Container()
        let log = EventLog()
        func register() {
            container.register(Unit.self, lifetime: .singleton) { _ in Unit() }
                .onShutdown { _, reason in log.record("\(reason)") }
                .replacing()
        }
        register()
        _ = try container.resolve(Unit.self)
        try await container.reset(.singleton, timeout: .seconds(120))
        _ = try container.resolve(Unit.self)
        register()
        _ = try container.resolve(Unit.self)
        try await container.shutdown(timeout: .seconds(120))
        #expect(log.all == ["reset", "its registration was replaced or removed", "the container shut down"])
    }

    @Test("a scope's close never waits past a hook's timeout, and reports the abandoned hook")
    func hookTimeout() async throws {
        let container = Container()
        let never = Gate()
        let log = EventLog()
        container.register(Unit.self, lifetime: .scoped(.request)) { _ in Unit() }
            .onShutdown(timeout: .milliseconds(50)) { _ in await never.wait() }
        container.register(Context.self, lifetime: .scoped(.request)) { _ in Context(user: "a") }
            .onShutdown { _ in log.record("context closed") }
        let error = await #expect(throws: ShutdownError.self) {
            try await container.withScope(.request) {
                _ = try container.resolve(Unit.self)
                _ = try container.resolve(Context.self)
            }
        }
        #expect(error?.report.abandoned.map(\.typeName) == ["ScopeDataTests.Unit"])
        #expect(log.all == ["context closed"])
        never.open()
    }

    final class Slow: Sendable {}

    @Test("a short timeout is kept while a longer one is already being watched")
    func shortTimeoutAfterLongOne() async throws {
        let container = Container()
        let started = Gate()
        let release = Gate()
        let never = Gate()
        container.register(Slow.self, lifetime: .scoped(.request)) { _ in Slow() }
            .onShutdown(timeout: .seconds(3600)) { _ in
                started.open()
                await release.wait()
            }
        container.register(Unit.self, lifetime: .scoped(.request)) { _ in Unit() }
            .onShutdown(timeout: .milliseconds(50)) { _ in await never.wait() }
        // A scope whose close waits on a hook with an hour's deadline.
        let slow = Task { try await container.withScope(.request) { _ = try container.resolve(Slow.self) } }
        await started.wait()
        // Another scope's 50 ms deadline passes first: its close returns long before the hour.
        let closed = Locked<Result<Void, any Error>?>(nil)
        let short = Task {
            do {
                try await container.withScope(.request) { _ = try container.resolve(Unit.self) }
                closed.withLock { $0 = .success(()) }
            } catch {
                closed.withLock { $0 = .failure(error) }
            }
        }
        for _ in 0..<12_000 where closed.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
        let result = try #require(closed.withLock { $0 }, "the scope with a 50 ms hook timeout was still closing after 120 s")
        #expect(throws: ShutdownError.self) { try result.get() }
        never.open()
        release.open()
        try await slow.value
        await short.value
    }
}

import DIContainer
import DIContainerLocking
import Foundation
import Testing

/// `Container.currentOverrides()`: test overrides carried into work that does not inherit them —
/// a `DispatchQueue`, a `Thread`, `Task.detached` — and run there with `Overrides.run`.
@Suite("Overrides carried into escaping work")
struct EscapingOverridesTests {
    private final class OuterMock: Dependency {}
    private final class InnerMock: Dependency {}

    /// What `container` answers for `Dependency` (and the outer scope's extra `Int`) here.
    private static func seen(in container: Container) -> String {
        let dependency: String
        switch try? container.resolve((any Dependency).self) {
        case is InnerMock: dependency = "inner"
        case is OuterMock: dependency = "outer"
        case is DependencyImpl: dependency = "real"
        default: dependency = "error"
        }
        let extra = (try? container.resolve(Int.self)).map { "\($0)" } ?? "none"
        return "\(dependency), \(extra)"
    }

    /// Runs `body` on a global dispatch queue and returns its result.
    private static func onQueue(_ body: @escaping @Sendable () -> String) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: body()) }
        }
    }

    /// Runs `body` on a new thread and returns its result.
    private static func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    private func makeContainer() -> Container {
        let container = Container()
        container.register((any Dependency).self) { _ in DependencyImpl() }
        return container
    }

    @Test("overrides captured in a scope apply later on a dispatch queue, a thread and a detached task")
    func capturedOverridesRunLater() async throws {
        let container = makeContainer()
        let overrides = try container.withOverrides(strict: false) {
            $0.register((any Dependency).self) { _ in OuterMock() }
            $0.register(Int.self) { _ in 1 }
        } operation: {
            container.currentOverrides()
        }
        // The scope has ended: only `run` brings its replacements back.
        #expect(Self.seen(in: container) == "real, none")
        #expect(await Self.onQueue { overrides.run { Self.seen(in: container) } } == "outer, 1")
        #expect(await Self.onNewThread { overrides.run { Self.seen(in: container) } } == "outer, 1")
        let detached = await Task.detached {
            await overrides.run {
                await Task.yield()
                let resolved = try? await container.resolveAsync((any Dependency).self)
                return (resolved is OuterMock, Self.seen(in: container))
            }
        }.value
        #expect(detached.0)
        #expect(detached.1 == "outer, 1")
        #expect(Self.seen(in: container) == "real, none")
    }

    @Test("overrides captured in nested scopes carry both: the inner replacement wins")
    func nestedScopesCarried() async throws {
        let container = makeContainer()
        let overrides = try container.withOverrides(strict: false) {
            $0.register((any Dependency).self) { _ in OuterMock() }
            $0.register(Int.self) { _ in 1 }
        } operation: {
            try container.withOverrides {
                $0.register((any Dependency).self) { _ in InnerMock() }
            } operation: {
                container.currentOverrides()
            }
        }
        #expect(await Self.onQueue { overrides.run { Self.seen(in: container) } } == "inner, 1")
        #expect(await Self.onNewThread { overrides.run { Self.seen(in: container) } } == "inner, 1")
        let detached = await Task.detached {
            await overrides.run {
                await Task.yield()
                return Self.seen(in: container)
            }
        }.value
        #expect(detached == "inner, 1")
    }

    @Test("without run, a dispatch queue, a thread and a detached task started in a scope see the real registrations")
    func escapingWorkWithoutRunSeesRealRegistrations() async throws {
        let container = makeContainer()
        let seen = try await container.withOverrides(strict: false) {
            $0.register((any Dependency).self) { _ in OuterMock() }
            $0.register(Int.self) { _ in 1 }
        } operation: {
            let here = Self.seen(in: container)
            let onQueue = await Self.onQueue { Self.seen(in: container) }
            let onThread = await Self.onNewThread { Self.seen(in: container) }
            let detached = await Task.detached { Self.seen(in: container) }.value
            return [here, onQueue, onThread, detached]
        }
        #expect(seen == ["outer, 1", "real, none", "real, none", "real, none"])
    }

    @Test("overrides captured outside any scope carry none: run sees the real registrations, even inside a scope")
    func capturedOutsideAnyScope() async throws {
        let container = makeContainer()
        let none = container.currentOverrides()
        #expect(await Self.onQueue { none.run { Self.seen(in: container) } } == "real, none")
        #expect(await Self.onNewThread { none.run { Self.seen(in: container) } } == "real, none")
        let (inScope, underNone) = try container.withOverrides {
            $0.register((any Dependency).self) { _ in OuterMock() }
        } operation: {
            (Self.seen(in: container), none.run { Self.seen(in: container) })
        }
        #expect(inScope == "outer, none")
        #expect(underNone == "real, none")
        let detached = await Task.detached {
            await none.run {
                await Task.yield()
                return Self.seen(in: container)
            }
        }.value
        #expect(detached == "real, none")
    }

    @Test("singletons built under carried overrides are the scope's own: shared with it while it runs, never the real ones")
    func carriedScopeKeepsItsSingletons() async throws {
        final class Store: Sendable {}
        let container = Container()
        container.register(Store.self, lifetime: .singleton) { _ in Store() }
        let real = try container.resolve(Store.self)
        let (overrides, inScope, carriedWhileRunning) = try await container.withOverrides(strict: false) {
            $0.register(Int.self) { _ in 1 }
        } operation: {
            let overrides = container.currentOverrides()
            let inScope = try container.resolve(Store.self)
            let carried = await Self.onNewThread {
                overrides.run { (try? container.resolve(Store.self)).map { ObjectIdentifier($0) } }
            }
            return (overrides, ObjectIdentifier(inScope), carried)
        }
        #expect(inScope != ObjectIdentifier(real))
        #expect(carriedWhileRunning == inScope)
        // After the scope's closure returned, its instances are released; carried overrides
        // build instances of their own again, still not the real ones.
        let afterwards = await Self.onNewThread {
            overrides.run { try? container.resolve(Store.self) }
        }
        let kept = try #require(afterwards)
        #expect(kept !== real)
        #expect(overrides.run { try? container.resolve(Store.self) } === kept)
        #expect(try container.resolve(Store.self) === real)
    }

    @Test("a singleton built by carried overrides after the scope ended, keeping a handle, keeps neither the scope nor the container")
    func carriedSingletonKeepingAHandleIsReleased() throws {
        final class Thing: Sendable {}
        final class Keeper: Sendable {
            let provider: Provider<Thing>
            init(_ provider: Provider<Thing>) { self.provider = provider }
        }
        weak var weakContainer: Container?
        weak var weakKeeper: Keeper?
        try {
            let container = Container()
            weakContainer = container
            container.register(Thing.self) { _ in Thing() }
            container.register(Keeper.self, lifetime: .singleton) { r in Keeper(try r.resolve(Provider<Thing>.self)) }
            let overrides = try container.withOverrides(strict: false) {
                $0.register(Int.self) { _ in 1 }
            } operation: {
                container.currentOverrides()
            }
            let keeper = try overrides.run { try container.resolve(Keeper.self) }
            weakKeeper = keeper
            // Kept while it is used.
            #expect(try overrides.run { try container.resolve(Keeper.self) } === keeper)
        }()
        #expect(weakKeeper == nil)
        #expect(weakContainer == nil)
    }
}

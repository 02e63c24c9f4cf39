import DIContainer
import DIContainerLocking
import Foundation
import Testing

/// Golden texts: the exact description of every error kind, path included.
@Suite("Error messages")
struct ErrorMessageTests {
    /// The app's chain with the cache registered only under "disk".
    private func appContainer() -> Container {
        let container = Container()
        container.register(MainPresenter.self) { r in MainPresenter(useCase: try r.resolve(GetMainUseCase.self, name: .local)) }
        container.register(GetMainUseCase.self, name: .local) { r in
            GetMainUseCase(repository: try r.resolve(CourseRepository.self, name: .local))
        }
        container.register(CourseRepository.self, name: .local) { r in
            LocalCourseRepository(cache: try r.resolve(CacheStore.self))
        }
        container.register(CacheStore.self, name: "disk") { _ in MemoryCache() }
        return container
    }

    private func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("not registered, with the whole path and a near miss under another name")
    func notRegisteredWithNearMiss() throws {
        let error = try #require(throws: ResolutionError.self) { try appContainer().resolve(MainPresenter.self) }
        #expect(
            error.description == """
                Cannot resolve CacheStore: nothing is registered for it. \
                Path: MainPresenter → GetMainUseCase (name: local) → CourseRepository (name: local) → CacheStore. \
                Registered for CacheStore: name "disk". \
                Fix: register CacheStore without a name, or ask for name "disk".
                """)
        guard case .notRegistered = error.kind else {
            Issue.record("wrong kind \(error.kind)")
            return
        }
        #expect(error.path.count == 4)
        #expect(error.nearMisses == [ServiceKey(typeName: "CacheStore", name: "disk")])
    }

    @Test("not registered, nothing of the type at all")
    func notRegisteredAtAll() {
        #expect(
            message { try Container().resolve(CacheStore.self) } == """
                Cannot resolve CacheStore: nothing is registered for it. Path: CacheStore. \
                Fix: register it, e.g. container.register(CacheStore.self) { r in … }.
                """)
        #expect(
            message { try Container().resolve(CacheStore.self, name: .local) } == """
                Cannot resolve CacheStore (name: local): nothing is registered for it. Path: CacheStore (name: local). \
                Fix: register it, e.g. container.register(CacheStore.self, name: "local") { r in … }.
                """)
    }

    @Test("not registered under the asked name while an unnamed one exists")
    func namedMissWithUnnamedNearMiss() {
        let container = Container()
        container.register(CacheStore.self) { _ in MemoryCache() }
        #expect(
            message { try container.resolve(CacheStore.self, name: .local) } == """
                Cannot resolve CacheStore (name: local): nothing is registered for it. Path: CacheStore (name: local). \
                Registered for CacheStore: no name. \
                Fix: register CacheStore with name "local", or ask for it without a name.
                """)
    }

    @Test("circular dependency shows the cycle")
    func circularDependency() {
        let container = Container()
        container.register(CycleA.self) { r in CycleA(b: try r.resolve(CycleB.self)) }
        container.register(CycleB.self) { r in CycleB(a: try r.resolve(CycleA.self)) }
        #expect(
            message { try container.resolve(CycleA.self) } == """
                Cannot resolve CycleA: circular dependency CycleA → CycleB → CycleA. Path: CycleA → CycleB → CycleA. \
                Fix: break the cycle: resolve one side's back-reference in an initCompleted hook instead of its factory \
                (register(…).initCompleted { r, service in … }), with a graph, singleton or weak lifetime for the other side, \
                or move what both sides need into a third service.
                """)
    }

    @Test("a service that asks for itself is a cycle of one")
    func selfCycle() {
        let container = Container()
        container.register(ValueService.self, lifetime: .singleton) { r in try r.resolve(ValueService.self) }
        let error = try? #require(throws: ResolutionError.self) { try container.resolve(ValueService.self) }
        guard case .circularDependency(let cycle)? = error?.kind else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(cycle.map(\.typeName) == ["ValueService", "ValueService"])
    }

    @Test("wrong argument types")
    func argumentMismatch() {
        let container = Container()
        container.register(String.self) { (_: any Resolver, id: Int) in "\(id)" }
        #expect(
            message { try container.resolve(String.self, arguments: "42") } == """
                Cannot resolve String: it is registered with (Int), but was asked with (String). Path: String. \
                Fix: pass arguments of types (Int) in that order.
                """)
        #expect(
            message { try container.resolve(String.self) } == """
                Cannot resolve String: it is registered with (Int), but was asked with no arguments. Path: String. \
                Fix: pass arguments of types (Int) in that order.
                """)
        #expect(
            message { try container.resolve(String.self, arguments: 1, true) } == """
                Cannot resolve String: it is registered with (Int), but was asked with (Int, Bool). Path: String. \
                Fix: pass arguments of types (Int) in that order.
                """)
    }

    @Test("arguments given to a registration that takes none")
    func unexpectedArguments() {
        let container = Container()
        container.register(ValueService.self) { _ in ValueService(count: 0) }
        #expect(
            message { try container.resolve(ValueService.self, arguments: 1) } == """
                Cannot resolve ValueService: it is registered with no arguments, but was asked with (Int). \
                Path: ValueService. Fix: resolve it without arguments.
                """)
    }

    @Test("a failing factory names the underlying error and where it was registered")
    func factoryFailed() {
        let container = Container()
        container.register(Service.self) { r in ServiceImpl(dependency: try r.resolve(Dependency.self)) }
        let line = #line + 1
        container.register(Dependency.self) { _ in throw FactoryError() }
        #expect(
            message { try container.resolve(Service.self) } == """
                Cannot resolve Dependency: its factory threw the disk is full. Path: Service → Dependency. \
                Fix: make the factory succeed; it was registered at DIContainerTests/ErrorMessageTests.swift:\(line).
                """)
    }

    @Test("an async factory asked for synchronously")
    func asyncFactory() {
        let container = Container()
        container.register(ValueService.self) { _ async in ValueService(count: 1) }
        #expect(
            message { try container.resolve(ValueService.self) } == """
                Cannot resolve ValueService: it has an async factory and was asked for synchronously. \
                Path: ValueService. Fix: resolve it with try await resolveAsync(ValueService.self), \
                or register a synchronous factory.
                """)
    }

    @Test("a resolver kept after its factory returned keeps its container: it resolves after the container's last other reference is gone")
    func keptResolverKeepsItsContainer() throws {
        let kept = Locked<(any Resolver)?>(nil)
        // The kept resolver keeps its container, whose factory keeps `kept`: emptied at the end.
        defer { kept.withLock { $0 = nil } }
        do {
            let container = Container()
            container.register(DependencyImpl.self) { r in
                kept.withLock { $0 = r }
                return DependencyImpl()
            }
            _ = try container.resolve(DependencyImpl.self)
        }
        let resolver = try #require(kept.withLock { $0 })
        #expect((try? resolver.resolve(DependencyImpl.self)) != nil)
        let error = try #require(throws: ResolutionError.self) { try resolver.resolve(CacheStore.self, name: "disk") }
        #expect(
            error.description == """
                Cannot resolve CacheStore (name: disk): nothing is registered for it. Path: CacheStore (name: disk). \
                Fix: register it, e.g. container.register(CacheStore.self, name: "disk") { r in … }.
                """)
    }

    @Test("a runaway depth ends in an error that names the depth and the path, not a stack overflow")
    func depthLimit() async {
        let container = Container()
        container.registerChain(length: 100_000)
        let text = await onThread(stackSize: 1 << 20) {
            do {
                _ = try container.resolve(Chain.self, name: "0")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        // Where it stops depends on the build; the text around the depth does not.
        let depth = text.firstMatch(of: /^Cannot resolve Chain \(name: (\d+)\): the resolution went (\d+) levels deep/)
        #expect(depth.map { $0.1 == $0.2 } == true, "\(text)")
        #expect(text.contains("and stopped before the stack runs out. Path: Chain (name: 0) → Chain (name: 1) → "))
        #expect(text.hasSuffix("Fix: look for a factory on this path that keeps asking for new services without end."))
    }

    @Test("on a thread with a small stack, a deep resolution stops with an error before overflowing")
    func smallStack() async throws {
        let container = Container()
        container.registerChain(length: 1_400)
        let outcome = await onThread(stackSize: 512 * 1024) { () -> String in
            do {
                let chain = try container.resolve(Chain.self, name: "0")
                return "resolved \(chain.length)"
            } catch let error as ResolutionError {
                guard case .depthLimitExceeded(let limit) = error.kind else { return "wrong kind: \(error)" }
                return limit < 1_400 ? "stopped" : "stopped too late at \(limit)"
            } catch {
                return "unexpected \(error)"
            }
        }
        #expect(outcome == "stopped")
    }
}

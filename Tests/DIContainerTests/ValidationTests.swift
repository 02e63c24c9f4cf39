import DIContainer
import DIContainerLocking
import Testing

// A small app graph with two missing keys and two cycles (one auto-wired, one of closures).
protocol ValLogger: Sendable {}
final class ValConsoleLogger: ValLogger {}
protocol ValCache: Sendable {}
final class ValMemoryCache: ValCache {}
final class ValRepository: Sendable {
    init(cache: any ValCache) {}
}
final class ValUseCase: Sendable {
    init(repository: ValRepository, logger: any ValLogger) {}
}
final class ValPresenter: Sendable {
    init(useCase: ValUseCase) {}
}
final class ValCycleA: Sendable { init(b: ValCycleB) {} }
final class ValCycleB: Sendable { init(a: ValCycleA) {} }
final class ValLoopX: Sendable { init(y: ValLoopY) {} }
final class ValLoopY: Sendable { init(x: ValLoopX) {} }
final class ValClock: Sendable {}
final class ValSession: Sendable {
    let clock: ValClock
    init(clock: ValClock) { self.clock = clock }
}
final class ValDetail: Sendable {
    init(id: Int, logger: any ValLogger) {}
}

@Suite("Validation")
struct ValidationTests {
    /// Registers the small graph with its problems, in an order unrelated to the dependencies.
    private func brokenGraph() -> Container {
        let container = Container()
        container.register(ValPresenter.self) { r in ValPresenter(useCase: try r.resolve(ValUseCase.self)) }
        container.register(ValUseCase.self, initializer: ValUseCase.init)
        container.register(ValRepository.self) { r in ValRepository(cache: try r.resolve((any ValCache).self, name: "disk")) }
        container.register((any ValCache).self) { _ in ValMemoryCache() }
        container.register(ValCycleA.self, initializer: ValCycleA.init)
        container.register(ValCycleB.self) { r in ValCycleB(a: try r.resolve(ValCycleA.self)) }
        container.register(ValLoopX.self) { r in ValLoopX(y: try r.resolve(ValLoopY.self)) }
        container.register(ValLoopY.self) { r in ValLoopY(x: try r.resolve(ValLoopX.self)) }
        return container
    }

    @Test("validate reports every missing key and cycle at once, sorted, deduplicated, each with its path")
    func goldenReport() throws {
        let error = try #require(throws: ValidationError.self) { try brokenGraph().validate() }
        #expect(
            error.description == """
                The container has 4 problems:
                1. Cannot resolve ValCycleA: circular dependency ValCycleA → ValCycleB → ValCycleA. \
                Path: ValCycleA → ValCycleB → ValCycleA. \
                Fix: break the cycle: resolve one side's back-reference in an initCompleted hook instead of its factory \
                (register(…).initCompleted { r, service in … }), with a graph, singleton or weak lifetime for the other side, or move what both sides need into a third service.
                2. Cannot resolve ValLoopX: circular dependency ValLoopX → ValLoopY → ValLoopX. \
                Path: ValLoopX → ValLoopY → ValLoopX. \
                Fix: break the cycle: resolve one side's back-reference in an initCompleted hook instead of its factory \
                (register(…).initCompleted { r, service in … }), with a graph, singleton or weak lifetime for the other side, or move what both sides need into a third service.
                3. Cannot resolve ValCache (name: disk): nothing is registered for it. \
                Path: ValRepository → ValCache (name: disk). Registered for ValCache: no name. \
                Fix: register ValCache with name "disk", or ask for it without a name.
                4. Cannot resolve ValLogger: nothing is registered for it. \
                Path: ValUseCase → ValLogger. \
                Fix: register it, e.g. container.register(ValLogger.self) { r in … }.
                """)
        #expect(error.problems.map(\.service.description) == ["ValCycleA", "ValLoopX", "ValCache (name: disk)", "ValLogger"])
    }

    @Test("a cycle of auto-wired registrations is reported once, the same whatever the registration order")
    func autoWiredCycleOrderIndependent() throws {
        let forward = Container()
        forward.register(CycleA.self, initializer: CycleA.init)
        forward.register(CycleB.self, initializer: CycleB.init)
        let backward = Container()
        backward.register(CycleB.self, initializer: CycleB.init)
        backward.register(CycleA.self, initializer: CycleA.init)
        let first = try #require(throws: ValidationError.self) { try forward.validate() }
        let second = try #require(throws: ValidationError.self) { try backward.validate() }
        #expect(first.problems.count == 1)
        #expect(first.problems.first?.path.map(\.description) == ["CycleA", "CycleB", "CycleA"])
        #expect(second.description == first.description)
    }

    @Test("a valid graph passes validation")
    func validGraphPasses() throws {
        let container = Container()
        container.register(ValPresenter.self) { r in ValPresenter(useCase: try r.resolve(ValUseCase.self)) }
        container.register(ValUseCase.self, initializer: ValUseCase.init)
        container.register(ValRepository.self, initializer: ValRepository.init)
        container.register((any ValCache).self) { _ in ValMemoryCache() }
        container.register((any ValLogger).self, instance: ValConsoleLogger())
        try container.validate()
    }

    @Test("validation gives the same report whatever the registration order")
    func orderIndependent() throws {
        let forward = try #require(throws: ValidationError.self) { try brokenGraph().validate() }
        let container = Container()
        container.register(ValLoopY.self) { r in ValLoopY(x: try r.resolve(ValLoopX.self)) }
        container.register(ValLoopX.self) { r in ValLoopX(y: try r.resolve(ValLoopY.self)) }
        container.register(ValCycleB.self) { r in ValCycleB(a: try r.resolve(ValCycleA.self)) }
        container.register(ValCycleA.self, initializer: ValCycleA.init)
        container.register((any ValCache).self) { _ in ValMemoryCache() }
        container.register(ValRepository.self) { r in ValRepository(cache: try r.resolve((any ValCache).self, name: "disk")) }
        container.register(ValUseCase.self, initializer: ValUseCase.init)
        container.register(ValPresenter.self) { r in ValPresenter(useCase: try r.resolve(ValUseCase.self)) }
        let backward = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(backward.description == forward.description)
    }

    @Test("an auto-wired singleton is checked without being built; the first resolve builds it once")
    func autoWiredSingletonNotBuilt() throws {
        let container = Container()
        let built = Counter()
        container.register(ValClock.self) { _ in ValClock() }
        container.register(ValSession.self, lifetime: .singleton) { (clock: ValClock) in
            built.increment()
            return ValSession(clock: clock)
        }
        try container.validate()
        #expect(built.value == 0)
        let first = try container.resolve(ValSession.self)
        let second = try container.resolve(ValSession.self)
        #expect(built.value == 1)
        #expect(first === second)
    }

    @Test("auto-wired registrations are checked from their parameter types without running any initializer")
    func autoWiredNothingRuns() throws {
        let container = Container()
        let runs = Counter()
        container.register(
            ValClock.self,
            initializer: { () -> ValClock in
                runs.increment()
                return ValClock()
            })
        container.register(
            ValSession.self,
            initializer: { (clock: ValClock) -> ValSession in
                runs.increment()
                return ValSession(clock: clock)
            })
        container.register(
            ValUseCase.self,
            initializer: { (repository: ValRepository, logger: any ValLogger) -> ValUseCase in
                runs.increment()
                return ValUseCase(repository: repository, logger: logger)
            })
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(runs.value == 0)
        #expect(
            error.problems.map(\.path.description) == [
                "[ValUseCase, ValLogger]", "[ValUseCase, ValRepository]",
            ])
    }

    @Test("validate never runs a singleton's factory a second time: what it built is the singleton")
    func validateKeepsTheSingletonItBuilt() throws {
        let container = Container()
        let built = Counter()
        let instances = AdvancedLog<ValClock>()
        container.register(ValClock.self, lifetime: .singleton) { _ in
            built.increment()
            let clock = ValClock()
            instances.append(clock)
            return clock
        }
        try container.validate()
        #expect(built.value == 1)
        let real = try container.resolve(ValClock.self)
        #expect(try container.resolve(ValClock.self) === real)
        #expect(real === instances.values.first)
        try container.validate()
        _ = container.registrations
        _ = container.graph(format: .dot)
        #expect(built.value == 1)
    }

    @Test("validation inside overrides checks what a replacement asks for, also after the replacement was resolved there")
    func validationInsideOverridesChecksResolvedReplacements() throws {
        let container = Container()
        container.register(ValClock.self) { _ in ValClock() }
        try container.withOverrides(strict: false) {
            $0.register(ValSession.self) { r in ValSession(clock: try r.resolve(ValClock.self)) }
        } operation: {
            _ = try container.resolve(ValSession.self)
            try container.validate()
            container.removeAll()
            let error = try #require(throws: ValidationError.self) { try container.validate() }
            #expect(error.problems.map { $0.path.map(\.typeName) } == [["ValSession", "ValClock"]])
        }
    }

    @Test("a plain transient closure learns what it asks for in validation, a singleton on its one run")
    func whereFactoriesLearn() throws {
        let container = Container()
        let (sessions, singletons) = (Locked(0), Locked(0))
        container.register(ValClock.self) { _ in ValClock() }
        container.register(ValSession.self) { r in
            sessions.withLock { $0 += 1 }
            return ValSession(clock: try r.resolve(ValClock.self))
        }
        container.register(ValSession.self, name: "shared", lifetime: .singleton) { r in
            singletons.withLock { $0 += 1 }
            return ValSession(clock: try r.resolve(ValClock.self))
        }
        _ = try container.resolve(ValSession.self)
        _ = try container.resolve(ValSession.self, name: "shared")
        try container.validate()  // runs the transient again: its resolve learned nothing
        try container.validate()  // runs nothing: both have learned
        #expect(sessions.withLock { $0 } == 2)
        #expect(singletons.withLock { $0 } == 1)
        #expect(container.registrations.map(\.dependencySource) == [.observed, .observed, .observed])
    }

    @Test("validation inside overrides sees the mocks, and its singletons leak neither into the scope nor out of it")
    func validationInsideOverridesDoesNotLeak() throws {
        let container = Container()
        let realClock = ValClock()
        let mockClock = ValClock()
        container.register(ValClock.self, instance: realClock)
        container.register(ValSession.self, lifetime: .singleton) { r in ValSession(clock: try r.resolve(ValClock.self)) }
        let scoped = try container.withOverrides {
            $0.register(ValClock.self, instance: mockClock)
        } operation: {
            try container.validate()
            let session = try container.resolve(ValSession.self)
            #expect(session.clock === mockClock)
            #expect(try container.resolve(ValSession.self) === session)
            return session
        }
        let real = try container.resolve(ValSession.self)
        #expect(real !== scoped)
        #expect(real.clock === realClock)
    }

    @Test("argument:initializer: registrations are checked for their dependencies")
    func argumentInitializerChecked() throws {
        let container = Container()
        container.register(ValDetail.self, argument: Int.self, initializer: ValDetail.init)
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.problems.count == 1)
        #expect(error.problems.first?.path.map(\.description) == ["ValDetail", "ValLogger"])
        container.register((any ValLogger).self) { _ in ValConsoleLogger() }
        try container.validate()
    }

    @Test("closure factories that take runtime arguments are not run by validation: each is reported by name as not checked")
    func argumentClosuresReportedUnchecked() throws {
        let container = Container()
        let runs = Counter()
        container.register(ValDetail.self) { (r, id: Int) in
            runs.increment()
            return ValDetail(id: id, logger: try r.resolve((any ValLogger).self))
        }
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(runs.value == 0)
        #expect(error.problems.isEmpty)
        #expect(error.unchecked.map(\.service.description) == ["ValDetail"])
        #expect(
            error.description == """
                1 registration could not be checked:
                - ValDetail (arguments: (Int)): not checked: its factory takes runtime arguments (Int), which validation \
                cannot invent; register it with argument:initializer: so its dependencies are declared, or resolve it once first
                """)

        // Once it ran, its dependencies are known and checked.
        container.register((any ValLogger).self) { _ in ValConsoleLogger() }
        _ = try container.resolve(ValDetail.self, arguments: 7)
        try container.validate()
        #expect(runs.value == 1)
    }

    @Test("validate reports async factories by name; validateAsync runs and checks them")
    func asyncFactoriesAreCheckedByValidateAsync() async throws {
        let container = Container()
        container.register(ValClock.self, lifetime: .singleton) { _ async in ValClock() }
        container.register(ValSession.self) { r async throws in ValSession(clock: try await r.resolveAsync(ValClock.self)) }
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(error.unchecked.map(\.service.description) == ["ValClock", "ValSession"])
        #expect(error.unchecked.first?.reason == "it has an async factory; check it with try await validateAsync()")
        try await container.validateAsync()
        // Their dependencies are known now, so the synchronous validation checks them too.
        try container.validate()

        container.register(ValDetail.self) { r async throws in ValDetail(id: 1, logger: try r.resolve((any ValLogger).self)) }
        await #expect(throws: ValidationError.self) { try await container.validateAsync() }
    }

    @Test("a factory that throws is reported as factoryFailed with its registration site")
    func failingFactoryReported() throws {
        let container = Container()
        let line = #line + 1
        container.register(ValClock.self) { _ -> ValClock in throw FactoryError() }
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        let problem = try #require(error.problems.first)
        #expect(error.problems.count == 1)
        #expect(problem.registrationSite == "\(#fileID):\(line)")
        guard case .factoryFailed(let underlying) = problem.kind else {
            Issue.record("expected factoryFailed, got \(problem.kind)")
            return
        }
        #expect(underlying is FactoryError)
    }

    @Test("validating after a singleton was built reuses it instead of building a second one")
    func validateReusesBuiltSingleton() throws {
        let container = Container()
        let built = Counter()
        container.register(DependencyImpl.self, lifetime: .singleton) { _ in
            built.increment()
            return DependencyImpl()
        }
        let instance = try container.resolve(DependencyImpl.self)
        try container.validate()
        #expect(built.value == 1)
        #expect(try container.resolve(DependencyImpl.self) === instance)
    }

    @Test("the container describes its registrations")
    func containerDescription() {
        let container = Container()
        #expect(container.description == "Container with 0 registrations")
        let line = #line + 1
        container.register(ValueService.self, lifetime: .singleton) { _ in ValueService(count: 1) }
        #expect(
            container.description == """
                Container with 1 registration:
                  ValueService · singleton · dependencies unknown until resolved · registered at \
                DIContainerTests/ValidationTests.swift:\(line)
                """)
    }
}

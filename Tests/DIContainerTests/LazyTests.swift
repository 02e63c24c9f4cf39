import DIContainer
import DIContainerLocking
import Dispatch
import Testing

/// Swinject 2.10.0's LazyTests, translated (`resolve` throws where Swinject returns `nil`), then
/// ours.
@Suite("Lazy")
struct LazyTests {
    let container = Container()

    // MARK: Instance production

    @Test("provides the registered instance")
    func providesInstance() throws {
        container.register((any HandleAnimal).self) { _ in HandleDog() }
        let lazy = try container.resolve(Lazy<any HandleAnimal>.self)
        #expect(try lazy.instance is HandleDog)
    }

    @Test("builds nothing until the instance is read")
    func buildsNothingUntilRead() throws {
        let calls = Counter()
        container.register((any HandleAnimal).self) { _ in
            calls.increment()
            return HandleDog()
        }
        _ = try container.resolve(Lazy<any HandleAnimal>.self)
        #expect(calls.value == 0)
    }

    @Test("builds the instance once, however often it is read")
    func buildsOnce() throws {
        let calls = Counter()
        container.register((any HandleAnimal).self) { _ in
            calls.increment()
            return HandleDog()
        }
        let lazy = try container.resolve(Lazy<any HandleAnimal>.self)
        let first = try lazy.instance
        #expect(try lazy.instance === first)
        #expect(calls.value == 1)
    }

    @Test("is not resolved when its service is not registered")
    func notResolvedWithoutService() throws {
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Lazy<any HandleAnimal>.self) }
        #expect(
            error.description == """
                Cannot resolve HandleAnimal: nothing is registered for it. Path: HandleAnimal. \
                Fix: register it, e.g. container.register(HandleAnimal.self) { r in … }.
                """)
    }

    // MARK: Lifetimes

    @Test("transient: related objects get different instances")
    func transientRelatedObjects() throws {
        EmploymentAssembly(lifetime: .transient).assemble(into: container)
        let employer = try container.resolve(Employer.self)
        #expect(try employer.lazyCustomer.instance !== employer.employee.lazyCustomer.instance)
        #expect(try employer.lazyCustomer.instance !== employer.customer)
    }

    @Test("singleton: related objects get the same instance")
    func singletonRelatedObjects() throws {
        EmploymentAssembly(lifetime: .singleton).assemble(into: container)
        let employer = try container.resolve(Employer.self)
        #expect(try employer.lazyCustomer.instance === employer.employee.lazyCustomer.instance)
        #expect(try employer.lazyCustomer.instance === employer.customer)
    }

    @Test("graph: related objects get the resolution's instance, also when read after it ended")
    func graphRelatedObjects() throws {
        EmploymentAssembly(lifetime: .graph).assemble(into: container)
        let employer = try container.resolve(Employer.self)
        #expect(try employer.lazyCustomer.instance === employer.employee.lazyCustomer.instance)
        #expect(try employer.lazyCustomer.instance === employer.customer)
    }

    // MARK: Complex registrations

    @Test("passes runtime arguments")
    func runtimeArguments() throws {
        container.register(HandleDog.self) { (_, name: String, _: Int) in HandleDog(name: name) }
        let lazy = try container.resolve(Lazy<HandleDog>.self, arguments: "Hachi", 42)
        #expect(try lazy.instance.name == "Hachi")
    }

    @Test("resolves by name, and not under another name")
    func names() throws {
        container.register(HandleDog.self, name: "Hachi") { _ in HandleDog() }
        _ = try container.resolve(Lazy<HandleDog>.self, name: "Hachi")
        #expect(throws: ResolutionError.self) { try container.resolve(Lazy<HandleDog>.self, name: "Mimi") }
    }

    // MARK: Circular dependencies

    @Test("a lazy read after the resolve shares its graph instances: the cycle closes on the same objects")
    func cycleClosesOnSameInstances() throws {
        EmploymentAssembly(lifetime: .graph).assemble(into: container)
        try container.validate()  // the handles are deferred: no cycle
        let employer = try container.resolve(Employer.self)
        defer { employer.employee.leave() }  // once read, the employee's handle and the employer keep each other
        #expect(try employer.employee.employer.instance === employer)
        #expect(try employer.lazyEmployee.instance.employer.instance === employer)
    }

    @Test("a lazy resolved on its own builds the rest of the cycle on demand")
    func lazyOnItsOwn() throws {
        EmploymentAssembly(lifetime: .graph).assemble(into: container)
        let employee = try container.resolve(Lazy<Employee>.self).instance
        defer { employee.leave() }  // once read, its handle and the employer keep each other
        #expect(try employee.employer.instance.employee === employee)
    }

    // MARK: Ours

    @Test("a lazy breaks a cycle; validate() lists the dependency and finds no cycle")
    func lazyBreaksCycle() throws {
        final class A: Sendable {
            let b: Lazy<B>
            init(b: Lazy<B>) { self.b = b }
        }
        final class B: Sendable {
            // Weak: once read, `a`'s lazy keeps this instance, which would otherwise keep `a`.
            weak let a: A?
            init(a: A) { self.a = a }
        }
        container.register(A.self, lifetime: .singleton, initializer: A.init)
        container.register(B.self) { r in B(a: try r.resolve(A.self)) }
        try container.validate()
        #expect(container.registrations.map(\.dependencies.description) == ["[LazyTests.B]", "[LazyTests.A]"])
        let a = try container.resolve(A.self)
        #expect(try a.b.instance.a === a)
        #expect(container.graph(format: .mermaid).contains("n1 -.-> n2"))
    }

    @Test("validate() reports a lazy's missing service")
    func validateReportsMissing() throws {
        final class A: Sendable {
            init(b: Lazy<Numbered>) {}
        }
        container.register(A.self, initializer: A.init)
        let error = try #require(throws: ValidationError.self) { try container.validate() }
        #expect(
            error.description == """
                The container has 1 problem:
                1. Cannot resolve Numbered: nothing is registered for it. Path: LazyTests.A → Numbered. \
                Fix: register it, e.g. container.register(Numbered.self) { r in … }.
                """)
    }

    @Test("a lazy read while the factory that asked for it runs continues its path: a real cycle is an error")
    func readDuringFactoryIsACycle() throws {
        final class A: Sendable {}
        final class B: Sendable {}
        container.register(A.self) { r in
            _ = try r.resolve(Lazy<B>.self).instance
            return A()
        }
        container.register(B.self) { r in
            _ = try r.resolve(A.self)
            return B()
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(A.self) }
        #expect(
            error.description == """
                Cannot resolve LazyTests.A: circular dependency LazyTests.A → LazyTests.B → LazyTests.A. \
                Path: LazyTests.A → LazyTests.B → LazyTests.A. \
                Fix: break the cycle: resolve one side's back-reference in an initCompleted hook instead of its factory \
                (register(…).initCompleted { r, service in … }), with a graph, singleton or weak lifetime for the other side, \
                or move what both sides need into a third service.
                """)
    }

    @Test("a lazy whose build reads that same lazy is a cycle, not a deadlock")
    func reentrantRead() throws {
        final class Holder: Sendable {
            let lazy = Locked<Lazy<Numbered>?>(nil)
        }
        let holder = Holder()
        container.register(Numbered.self) { _ in
            if let lazy = holder.lazy.withLock({ $0 }) { _ = try lazy.instance }
            return Numbered(1)
        }
        let lazy = try container.resolve(Lazy<Numbered>.self)
        holder.lazy.withLock { $0 = lazy }
        let error = try #require(throws: ResolutionError.self) { try lazy.instance }
        #expect(
            error.description == """
                Cannot resolve Numbered: circular dependency Numbered → Numbered. Path: Numbered → Numbered. \
                Fix: break the cycle: resolve one side's back-reference in an initCompleted hook instead of its factory \
                (register(…).initCompleted { r, service in … }), with a graph, singleton or weak lifetime for the other side, \
                or move what both sides need into a third service.
                """)
    }

    @Test("a failed build is thrown to the reader and tried again on the next read")
    func failedBuildRetries() throws {
        let calls = Counter()
        container.register(Numbered.self) { _ in
            if calls.increment() == 1 { throw FactoryError() }
            return Numbered(2)
        }
        let lazy = try container.resolve(Lazy<Numbered>.self)
        #expect(throws: ResolutionError.self) { try lazy.instance }
        #expect(try lazy.instance.number == 2)
        #expect(try lazy.instance.number == 2)
    }

    @Test("wrong runtime arguments are reported when the lazy is resolved")
    func wrongArguments() throws {
        container.register(HandleDog.self) { (_, name: String) in HandleDog(name: name) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Lazy<HandleDog>.self, arguments: 42) }
        #expect(
            error.description == """
                Cannot resolve HandleDog: it is registered with (String), but was asked with (Int). Path: HandleDog. \
                Fix: pass arguments of types (String) in that order.
                """)
    }

    @Test("resolved with resolveAsync, and under test overrides made where it was resolved")
    func asyncAndOverrides() async throws {
        container.register(Numbered.self) { _ in Numbered(1) }
        let lazy = try await container.withOverrides {
            $0.register(Numbered.self) { _ in Numbered(2) }
        } operation: {
            try await container.resolveAsync(Lazy<Numbered>.self)
        }
        #expect(try lazy.instance.number == 2)
    }

    @Test("100 threads reading one lazy: one build, one instance")
    func acrossThreads() throws {
        let calls = Counter()
        container.register(Numbered.self) { _ in Numbered(calls.increment()) }
        let lazy = try container.resolve(Lazy<Numbered>.self)
        let numbers = Locked<Set<Int>>([])
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            let number = (try? lazy.instance.number) ?? 0
            numbers.withLock { _ = $0.insert(number) }
        }
        #expect(numbers.withLock { $0 } == [1])
        #expect(calls.value == 1)
    }

    @Test("handles are Sendable when their service is, so they cross tasks")
    func sendable() async throws {
        container.register(Numbered.self, lifetime: .singleton) { _ in Numbered(7) }
        let lazy = try container.resolve(Lazy<Numbered>.self)
        let provider = try container.resolve(Provider<Numbered>.self)
        let numbers = try await Task.detached { (try lazy.instance.number, try provider.instance.number) }.value
        #expect(numbers == (7, 7))
    }
}

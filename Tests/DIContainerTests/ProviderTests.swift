import DIContainer
import Testing

/// Swinject 2.10.0's ProviderTests, translated (`resolve` throws where Swinject returns `nil`),
/// then ours.
@Suite("Provider")
struct ProviderTests {
    let container = Container()

    // MARK: Instance production

    @Test("provides the registered instance")
    func providesInstance() throws {
        container.register((any HandleAnimal).self) { _ in HandleDog() }
        let provider = try container.resolve(Provider<any HandleAnimal>.self)
        #expect(try provider.instance is HandleDog)
    }

    @Test("builds nothing until the instance is read")
    func buildsNothingUntilRead() throws {
        let calls = Counter()
        container.register((any HandleAnimal).self) { _ in
            calls.increment()
            return HandleDog()
        }
        _ = try container.resolve(Provider<any HandleAnimal>.self)
        #expect(calls.value == 0)
    }

    @Test("resolves anew on each read")
    func resolvesEachTime() throws {
        let calls = Counter()
        container.register((any HandleAnimal).self) { _ in
            calls.increment()
            return HandleDog()
        }
        let provider = try container.resolve(Provider<any HandleAnimal>.self)
        _ = try provider.instance
        _ = try provider.instance
        #expect(calls.value == 2)
    }

    @Test("is not resolved when its service is not registered")
    func notResolvedWithoutService() throws {
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Provider<any HandleAnimal>.self) }
        #expect(
            error.description == """
                Cannot resolve HandleAnimal: nothing is registered for it. Path: HandleAnimal. \
                Fix: register it, e.g. container.register(HandleAnimal.self) { r in … }.
                """)
    }

    // MARK: Lifetimes

    @Test("transient: a new instance on every read")
    func transient() throws {
        EmploymentAssembly(lifetime: .transient).assemble(into: container)
        let employer = try container.resolve(Employer.self)
        #expect(try employer.providedEmployee.instance !== employer.providedEmployee.instance)
        #expect(try employer.employee.providedCustomer.instance !== employer.providedCustomer.instance)
    }

    @Test("graph: every read is a resolve of its own")
    func graph() throws {
        EmploymentAssembly(lifetime: .graph).assemble(into: container)
        let employer = try container.resolve(Employer.self)
        #expect(try employer.providedEmployee.instance !== employer.providedEmployee.instance)
        #expect(try employer.employee.providedCustomer.instance !== employer.providedCustomer.instance)
    }

    @Test("singleton: the one instance on every read")
    func singleton() throws {
        EmploymentAssembly(lifetime: .singleton).assemble(into: container)
        let employer = try container.resolve(Employer.self)
        #expect(try employer.providedEmployee.instance === employer.providedEmployee.instance)
        #expect(try employer.employee.providedCustomer.instance === employer.providedCustomer.instance)
    }

    // MARK: Complex registrations

    @Test("passes runtime arguments")
    func runtimeArguments() throws {
        container.register(HandleDog.self) { (_, name: String, _: Int) in HandleDog(name: name) }
        let provider = try container.resolve(Provider<HandleDog>.self, arguments: "Hachi", 42)
        #expect(try provider.instance.name == "Hachi")
    }

    @Test("resolves by name, and not under another name")
    func names() throws {
        container.register(HandleDog.self, name: "Hachi") { _ in HandleDog() }
        _ = try container.resolve(Provider<HandleDog>.self, name: "Hachi")
        #expect(throws: ResolutionError.self) { try container.resolve(Provider<HandleDog>.self, name: "Mimi") }
    }

    // MARK: Circular dependencies

    @Test("the dependencies of a provided instance share its resolve")
    func providedGraphIsShared() throws {
        EmploymentAssembly(lifetime: .graph).assemble(into: container)
        let employer = try container.resolve(Provider<Employer>.self).instance
        defer { employer.employee.leave() }  // once read, the employee's handle and the employer keep each other
        #expect(try employer.employee.employer.instance === employer)
    }

    @Test("a provided instance is not the one of the resolve that made the provider")
    func providedInstancesDiffer() throws {
        EmploymentAssembly(lifetime: .graph).assemble(into: container)
        let employer = try container.resolve(Employer.self)
        let employee = try employer.providedEmployee.instance
        defer { employee.leave() }  // once read, its handle and its own employer keep each other
        #expect(try employee.employer.instance !== employer)
    }

    // MARK: Ours

    @Test("resolves under the test overrides in effect where it was made, also after they ended")
    func overrides() throws {
        container.register(Numbered.self) { _ in Numbered(1) }
        let provider = try container.withOverrides {
            $0.register(Numbered.self) { _ in Numbered(2) }
        } operation: {
            try container.resolve(Provider<Numbered>.self)
        }
        #expect(try provider.instance.number == 2)
        #expect(try container.resolve(Numbered.self).number == 1)
    }

    @Test("a provider is no part of a cycle for validate()")
    func validateAcceptsProviderCycle() throws {
        final class A: Sendable {
            let b: Provider<B>
            init(b: Provider<B>) { self.b = b }
        }
        final class B: Sendable {
            init(a: A) {}
        }
        container.register(A.self, initializer: A.init)
        container.register(B.self, initializer: B.init)
        try container.validate()
        #expect(container.graph(format: .dot).contains(##"n1 -> n2 [color="#1f77b4", style=dashed];"##))
    }
}

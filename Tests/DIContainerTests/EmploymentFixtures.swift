import DIContainer
import DIContainerLocking

// Swinject's EmploymentAssembly (Tests/SwinjectTests/EmploymentAssembly.swift), translated. Its
// Employee learns its employer in an `initCompleted` hook; here the employee takes a
// `Lazy<Employer>` instead — the way this container breaks such a cycle.

final class Customer: Sendable {}

final class Employee: Sendable {
    let customer: Customer
    let lazyCustomer: Lazy<Customer>
    let providedCustomer: Provider<Customer>
    /// Its employer, through a handle that keeps the employer once read. The employer keeps its
    /// employee, so the two then keep each other alive (as in Swinject's fixture, whose employee
    /// keeps its employer strongly): a test that reads it ends with `leave()`.
    var employer: Lazy<Employer> {
        get throws {
            guard let employer = employment.withLock({ $0 }) else { throw LeftEmployment() }
            return employer
        }
    }
    private let employment: Locked<Lazy<Employer>?>

    init(customer: Customer, lazyCustomer: Lazy<Customer>, providedCustomer: Provider<Customer>, employer: Lazy<Employer>) {
        self.customer = customer
        self.lazyCustomer = lazyCustomer
        self.providedCustomer = providedCustomer
        employment = Locked(employer)
    }

    /// Drops the employer's handle: breaks the reference cycle that reading it made.
    func leave() {
        employment.withLock { $0 = nil }
    }
}

/// Reading `Employee.employer` after `leave()`.
struct LeftEmployment: Error {}

final class Employer: Sendable {
    let customer: Customer
    let lazyCustomer: Lazy<Customer>
    let providedCustomer: Provider<Customer>
    let employee: Employee
    let lazyEmployee: Lazy<Employee>
    let providedEmployee: Provider<Employee>

    init(
        customer: Customer, lazyCustomer: Lazy<Customer>, providedCustomer: Provider<Customer>,
        employee: Employee, lazyEmployee: Lazy<Employee>, providedEmployee: Provider<Employee>
    ) {
        self.customer = customer
        self.lazyCustomer = lazyCustomer
        self.providedCustomer = providedCustomer
        self.employee = employee
        self.lazyEmployee = lazyEmployee
        self.providedEmployee = providedEmployee
    }
}

/// Registers the three services in `lifetime`, auto-wired: the handles are initializer parameters.
struct EmploymentAssembly: Assembly {
    let lifetime: Lifetime

    func assemble(into container: Container) {
        container.register(Customer.self, lifetime: lifetime) { _ in Customer() }
        container.register(Employee.self, lifetime: lifetime, initializer: Employee.init)
        container.register(Employer.self, lifetime: lifetime, initializer: Employer.init)
    }
}

/// Swinject's test animal, as the handle tests use it: a `Sendable` class.
protocol HandleAnimal: AnyObject, Sendable {
    var name: String? { get }
}

final class HandleDog: HandleAnimal {
    let name: String?
    init(name: String? = nil) { self.name = name }
}

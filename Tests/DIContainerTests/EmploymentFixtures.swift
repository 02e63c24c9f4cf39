import DIContainer

// Swinject's EmploymentAssembly (Tests/SwinjectTests/EmploymentAssembly.swift), translated. Its
// Employee learns its employer in an `initCompleted` hook; here the employee takes a
// `Lazy<Employer>` instead — the way this container breaks such a cycle.

final class Customer: Sendable {}

final class Employee: Sendable {
    let customer: Customer
    let lazyCustomer: Lazy<Customer>
    let providedCustomer: Provider<Customer>
    let employer: Lazy<Employer>

    init(customer: Customer, lazyCustomer: Lazy<Customer>, providedCustomer: Provider<Customer>, employer: Lazy<Employer>) {
        self.customer = customer
        self.lazyCustomer = lazyCustomer
        self.providedCustomer = providedCustomer
        self.employer = employer
    }
}

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

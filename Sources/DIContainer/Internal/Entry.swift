/// One registration: how to build a service and how long the result lives. Immutable once made;
/// a re-registration replaces the whole entry (and with it any singleton it held).
final class Entry: Sendable {
    let key: Key
    let serviceType: Any.Type
    let argumentTypes: [Any.Type]
    let lifetime: Lifetime
    /// A `FactoryBox<S, Args>` or an `AsyncFactoryBox<S, Args>`, its types proven by `key`.
    let factory: any AnyObject & Sendable
    let isAsync: Bool
    /// Set for registrations of a ready-made instance, which every scope shares.
    let isInstance: Bool
    /// Dependencies known without building anything (initializer auto-wiring), else `nil`.
    let declaredDependencies: [Dependency]?
    let file: String
    let line: Int
    /// The instance store of the `singleton` and `weak` lifetimes (unused by the others).
    let cell = InstanceCell()

    init(
        key: Key, serviceType: Any.Type, argumentTypes: [Any.Type], lifetime: Lifetime, factory: any AnyObject & Sendable,
        isAsync: Bool, isInstance: Bool = false, declaredDependencies: [Dependency]?, file: String, line: Int
    ) {
        self.key = key
        self.serviceType = serviceType
        self.argumentTypes = argumentTypes
        self.lifetime = lifetime
        self.factory = factory
        self.isAsync = isAsync
        self.isInstance = isInstance
        self.declaredDependencies = declaredDependencies
        self.file = file
        self.line = line
    }
}

extension Entry {
    /// The registration in readable form (computed on demand: type names are costly to make).
    var service: ServiceKey {
        ServiceKey(typeName: displayName(of: serviceType), name: key.name, argumentTypeNames: argumentTypes.map(displayName(of:)))
    }

    /// `Module/File.swift:12`.
    var site: String { "\(file):\(line)" }
}

/// A dependency edge: the key a factory asks for, and its readable form.
struct Dependency: Hashable, Sendable {
    let key: Key
    let service: ServiceKey

    init(key: Key, service: ServiceKey) {
        self.key = key
        self.service = service
    }

    /// A dependency on the unnamed registration of `type`.
    init(key: Key, type: Any.Type) {
        self.init(key: key, service: ServiceKey(typeName: displayName(of: type), name: key.name))
    }
}

/// A factory that validation can run without knowing its types statically.
protocol DryRunnable: AnyObject, Sendable {
    /// Resolves `key` at top level in the current scope (validation sets one), so nothing built
    /// reaches the real container.
    func dryRun(in container: Container, key: Key) throws
}

/// A synchronous factory, typed: `S` is the service, `Args` the tuple of runtime arguments.
final class FactoryBox<S, Args>: DryRunnable {
    let make: @Sendable (ContextResolver, Args) throws -> S

    init(_ make: @escaping @Sendable (ContextResolver, Args) throws -> S) {
        self.make = make
    }

    func dryRun(in container: Container, key: Key) throws {
        // Only factories without runtime arguments are dry-run; for them `Args` is `Void`.
        guard let none = () as? Args else { return }
        _ = try container.resolve(S.self, key: key, arguments: none, from: nil)
    }
}

/// An `async` factory, typed like `FactoryBox`.
final class AsyncFactoryBox<S, Args>: Sendable {
    let make: @Sendable (ContextResolver, Args) async throws -> S

    init(_ make: @escaping @Sendable (ContextResolver, Args) async throws -> S) {
        self.make = make
    }
}

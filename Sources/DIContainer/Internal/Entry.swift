/// One registration: how to build a service and how long the result lives. Immutable once made;
/// a re-registration replaces the whole entry (and with it any singleton it held).
@usableFromInline
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
    /// The instance store of the `singleton` and `weak` lifetimes (`InstanceCell.unused` for
    /// the others).
    let cell: InstanceCell

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
        switch lifetime {
        case .singleton, .weak: cell = InstanceCell(weak: lifetime == .weak)
        case .transient, .graph: cell = .unused
        }
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

/// A dependency edge: the key a factory asks for, and how to describe it. The readable form is
/// made only when read: type names are costly, and validation records every edge.
struct Dependency: Hashable, Sendable {
    private enum Description: Sendable {
        case types(Any.Type, arguments: [Any.Type])
        case text(ServiceKey)
    }

    let key: Key
    private let description: Description

    /// A dependency on `entry`'s registration.
    init(_ entry: Entry) {
        key = entry.key
        description = .types(entry.serviceType, arguments: entry.argumentTypes)
    }

    /// A dependency on the unnamed registration of `type` without arguments.
    init(key: Key, type: Any.Type) {
        self.key = key
        description = .types(type, arguments: [])
    }

    /// A dependency on a key that nothing answers, described as it was asked for.
    init(key: Key, service: ServiceKey) {
        self.key = key
        description = .text(service)
    }

    var service: ServiceKey {
        switch description {
        case .types(let type, let arguments):
            ServiceKey(typeName: displayName(of: type), name: key.name, argumentTypeNames: arguments.map(displayName(of:)))
        case .text(let service):
            service
        }
    }

    static func == (lhs: Dependency, rhs: Dependency) -> Bool { lhs.key == rhs.key }
    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A factory that validation can run without knowing its types statically.
protocol DryRunnable: AnyObject, Sendable {
    /// Resolves `key` at top level in the current scope (validation sets one), so nothing built
    /// reaches the real container.
    func dryRun(in container: Container, key: Key) throws
}

/// A synchronous factory, typed: `S` is the service, `Args` the tuple of runtime arguments.
/// A factory without arguments keeps the user's closure as it is, so resolving calls it
/// directly, with the resolution's frame as its resolver.
@usableFromInline
final class FactoryBox<S, Args>: DryRunnable {
    private enum Body {
        case plain(@Sendable (any Resolver) throws -> S)
        case arguments(@Sendable (any Resolver, Args) throws -> S)
    }

    private let body: Body

    @usableFromInline
    init(_ make: @escaping @Sendable (any Resolver) throws -> S) where Args == Void {
        body = .plain(make)
    }

    @usableFromInline
    init(arguments make: @escaping @Sendable (any Resolver, Args) throws -> S) {
        body = .arguments(make)
    }

    @inline(__always)
    func make(_ resolver: any Resolver, _ arguments: Args) throws -> S {
        switch body {
        case .plain(let make): try make(resolver)
        case .arguments(let make): try make(resolver, arguments)
        }
    }

    func dryRun(in container: Container, key: Key) throws {
        // Only factories without runtime arguments are dry-run; for them `Args` is `Void`.
        guard let none = () as? Args else { return }
        _ = try container.resolve(S.self, key: key, arguments: none, from: nil)
    }
}

/// An `async` factory, typed like `FactoryBox`.
@usableFromInline
final class AsyncFactoryBox<S, Args>: Sendable {
    let make: @Sendable (any Resolver, Args) async throws -> S

    @usableFromInline
    init(_ make: @escaping @Sendable (any Resolver, Args) async throws -> S) {
        self.make = make
    }
}

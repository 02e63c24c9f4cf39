import Synchronization

/// One registration: how to build a service and how long the result lives. Immutable once made;
/// a re-registration replaces the whole entry (and with it any singleton it held).
///
/// Every entry is its own factory — a `FactoryBox<S, Args>` or an `AsyncFactoryBox<S, Args>`,
/// the only subclasses there can be (the initializer is private to this file) — so a
/// registration is one allocation, not two, and `factory` is the entry itself.
///
/// `@unchecked Sendable`, reviewed: the class is not final only for those two subclasses. Every
/// stored property, here and in them, is a `let` of a `Sendable` type, which is what the
/// compiler checks of a final class.
@usableFromInline
class Entry: @unchecked Sendable {
    let key: Key
    let serviceType: Any.Type
    let argumentTypes: [Any.Type]
    let lifetime: Lifetime
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

    /// - Parameter dependencyTypes: The parameter types of an auto-wired initializer, each
    ///   resolved unnamed and without arguments; `nil` for a factory closure.
    fileprivate init(
        key: Key, serviceType: Any.Type, argumentTypes: [Any.Type], lifetime: Lifetime, isAsync: Bool,
        isInstance: Bool, dependencyTypes: [Any.Type]?, file: String, line: Int
    ) {
        self.key = key
        self.serviceType = serviceType
        self.argumentTypes = argumentTypes
        self.lifetime = lifetime
        self.isAsync = isAsync
        self.isInstance = isInstance
        declaredDependencies = dependencyTypes?.map { type in
            Dependency(key: Key(type: ObjectIdentifier(type), name: nil, arguments: Key.noArguments), type: type)
        }
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
        ServiceKey(serviceType, name: key.name, argumentTypes: argumentTypes)
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
            ServiceKey(type, name: key.name, argumentTypes: arguments)
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

/// A registration with a synchronous factory, typed: `S` is the service, `Args` the tuple of
/// runtime arguments. A factory without arguments keeps the user's closure as it is, so resolving
/// calls it directly, with the container as its resolver.
///
/// `@unchecked Sendable` restated from `Entry`, reviewed: its stored properties are a `let` of
/// `@Sendable` closures and an atomic.
@usableFromInline
final class FactoryBox<S, Args>: Entry, DryRunnable, @unchecked Sendable {
    private enum Body {
        case plain(@Sendable (any Resolver) throws -> S)
        case arguments(@Sendable (any Resolver, Args) throws -> S)
    }

    private let body: Body
    /// `InstanceBox<S>`'s type metadata, looked up on first use: unspecialized code looks it up
    /// on every `InstanceBox(value)` (several hundred instructions), a stored metatype does not.
    private let boxType = Atomic<UInt>(0)

    /// The registration of a factory without runtime arguments (`Args` is `Void`).
    @usableFromInline
    init(
        _ make: @escaping @Sendable (any Resolver) throws -> S, key: Key, serviceType: Any.Type, lifetime: Lifetime,
        isInstance: Bool = false, dependencyTypes: [Any.Type]? = nil, file: String, line: Int
    ) where Args == Void {
        body = .plain(make)
        super.init(
            key: key, serviceType: serviceType, argumentTypes: [], lifetime: lifetime, isAsync: false,
            isInstance: isInstance, dependencyTypes: dependencyTypes, file: file, line: line)
    }

    /// The registration of a factory that takes runtime arguments of `argumentTypes`.
    @usableFromInline
    init(
        arguments make: @escaping @Sendable (any Resolver, Args) throws -> S, key: Key, serviceType: Any.Type,
        argumentTypes: [Any.Type], lifetime: Lifetime, dependencyTypes: [Any.Type]? = nil, file: String, line: Int
    ) {
        body = .arguments(make)
        super.init(
            key: key, serviceType: serviceType, argumentTypes: argumentTypes, lifetime: lifetime, isAsync: false,
            isInstance: false, dependencyTypes: dependencyTypes, file: file, line: line)
    }

    @inline(__always)
    func make(_ resolver: any Resolver, _ arguments: Args) throws -> S {
        switch body {
        case .plain(let make): try make(resolver)
        case .arguments(let make): try make(resolver, arguments)
        }
    }

    /// `value` in a box, for the lifetimes that keep instances.
    func box(_ value: S) -> InstanceBox<S> {
        let known = boxType.load(ordering: .relaxed)
        if known != 0 {
            return unsafeBitCast(known, to: InstanceBox<S>.Type.self).init(value)
        }
        boxType.store(unsafeBitCast(InstanceBox<S>.self, to: UInt.self), ordering: .relaxed)
        return InstanceBox(value)
    }

    func dryRun(in container: Container, key: Key) throws {
        // Only factories without runtime arguments are dry-run; for them `Args` is `Void`.
        guard let none = () as? Args else { return }
        _ = try container.resolve(S.self, key: key, arguments: none)
    }
}

/// A registration with an `async` factory, typed like `FactoryBox`.
///
/// `@unchecked Sendable` restated from `Entry`, reviewed: its one stored property is a `let` of a
/// `@Sendable` closure.
@usableFromInline
final class AsyncFactoryBox<S, Args>: Entry, @unchecked Sendable {
    let make: @Sendable (any Resolver, Args) async throws -> S

    /// The registration of an `async` factory; `argumentTypes` are those of `Args`, in order.
    @usableFromInline
    init(
        _ make: @escaping @Sendable (any Resolver, Args) async throws -> S, key: Key, serviceType: Any.Type,
        argumentTypes: [Any.Type] = [], lifetime: Lifetime, file: String, line: Int
    ) {
        self.make = make
        super.init(
            key: key, serviceType: serviceType, argumentTypes: argumentTypes, lifetime: lifetime, isAsync: true,
            isInstance: false, dependencyTypes: nil, file: file, line: line)
    }
}

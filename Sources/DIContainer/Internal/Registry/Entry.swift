import Synchronization

/// One registration: how to build a service and where its lifetime keeps instances. Immutable
/// once made (but for the dependencies its factory was seen to ask for, and its append-only
/// `initCompleted` hooks); a re-registration
/// replaces the whole entry, and with it the instances it held.
///
/// Every entry is its own factory — a `FactoryBox<S, Args>` or an `AsyncFactoryBox<S, Args>`, the
/// only subclasses there can be (the initializer is private to this file) — so a registration is
/// one allocation (two with a singleton's cell).
///
/// `@unchecked Sendable`, reviewed: the class is not final only for those two subclasses. Every
/// stored property, here and in them, is a `let` of a `Sendable` type, which is what the compiler
/// checks of a final class.
class Entry: @unchecked Sendable {
    let key: Key
    let serviceType: Any.Type
    let argumentTypes: [Any.Type]
    let lifetime: Lifetime
    /// Where it was registered: `#fileID` of the `register` call (and `line`). A `StaticString`
    /// rather than a `String`: it is trivial to copy, which keeps the optimiser's work on an
    /// assembly of many `register` calls small (see `Container+Registration.swift`). Declared
    /// before the flags, which fill the tail of its 17 bytes, so an entry is no larger than with
    /// a `String`.
    let file: StaticString
    let isAsync: Bool
    /// Set for registrations of a ready-made instance, which every override scope shares.
    let isInstance: Bool
    /// Set for `registerMainActor` registrations: their factory is `@MainActor`, so the engine
    /// builds them, and hands out what it keeps of them, only on the main actor.
    let isMainActor: Bool
    /// Whether a resolution keeps this registration's `graph` instances as they are, not boxed:
    /// the service is a class (`GraphInstances`).
    let keepsGraphInstanceUnboxed: Bool
    /// For a `graph` registration, a number no other registration of the process has or will
    /// have: what a resolution's `GraphInstances` keeps its instance under (an address could be
    /// another entry's once this one is freed). 0 for other lifetimes.
    let graphIdentity: UInt
    /// Dependencies known without building anything (initializer auto-wiring), else `nil`.
    let declaredDependencies: [Dependency]?
    let line: Int
    /// This registration's own instance store, as its lifetime wants it (`LifetimeStorage`).
    let storage: RegistrationStorage
    /// `InstanceBox<S>`, made at registration so that boxing an instance needs no metadata lookup;
    /// only for the lifetimes whose storage keeps boxes (`RegistrationStorage.keepsBoxes`), else
    /// `nil` (the lookup would cost a transient registration a third of its time).
    let boxType: (any InstanceBoxing.Type)?
    /// The cell of a synchronous `singleton` registration or a ready-made instance, for the
    /// top-level fast path; `nil` for other registrations.
    let singletonCell: InstanceCell?
    /// What the factory asked for on its first completed run, or until then on its latest failed
    /// one (`nil` before any run). Retained by the entry; a replaced value is retired.
    private let observed = Atomic<Unmanaged<ObservedDependencies>?>(nil)
    /// Whether `observed` comes from a completed run (read on every step, without a lookup).
    private let isObservationComplete = Atomic<Bool>(false)
    /// The decorators applied to what the factory builds (`Decoration.swift`), oldest
    /// (innermost) first.
    let decorators = AtomicList<AnyDecorator>()
    /// The registration this one forwards to (`Registration.implements(_:name:)`), else `nil`.
    let forwardingTarget: Entry?
    /// The `initCompleted` hooks, run on each new instance (`CompletionHooks`).
    let completion = CompletionHooks()

    fileprivate init(
        key: Key, serviceType: Any.Type, argumentTypes: [Any.Type], lifetime: Lifetime, isAsync: Bool,
        isInstance: Bool, isMainActor: Bool, dependencyTypes: [Any.Type]?, boxType: () -> any InstanceBoxing.Type,
        forwardingTarget: Entry?, file: StaticString, line: Int
    ) {
        self.key = key
        self.serviceType = serviceType
        self.argumentTypes = argumentTypes
        self.lifetime = lifetime
        self.isAsync = isAsync
        self.isInstance = isInstance
        self.isMainActor = isMainActor
        declaredDependencies = dependencyTypes?.map(Dependency.init(declared:))
        self.forwardingTarget = forwardingTarget
        self.file = file
        self.line = line
        storage = lifetime.makeStorage()
        let boxType = storage.keepsBoxes ? boxType() : nil
        self.boxType = boxType
        if case .perResolution = storage, let boxType {
            keepsGraphInstanceUnboxed = boxType.isClassInstance
            graphIdentity = Self.graphIdentities.wrappingAdd(1, ordering: .relaxed).newValue
        } else {
            keepsGraphInstanceUnboxed = false
            graphIdentity = 0
        }
        // Not for main-actor registrations: the fast path does not check the thread.
        if case .cell(let cell) = storage, !isAsync, !isMainActor {
            singletonCell = cell
        } else {
            singletonCell = nil
        }
    }

    deinit {
        observed.load(ordering: .acquiring)?.release()
    }

    /// The last `graphIdentity` given (64 bits: no process registers enough to wrap it).
    private static let graphIdentities = Atomic<UInt>(0)

    /// The dependencies known without running the factory now: declared, or seen on a run (a
    /// failed run's, until a run completes).
    var knownDependencies: [Dependency]? {
        // A decorator's dependencies are only known from a run.
        if let declaredDependencies, !isDecorated { return declaredDependencies }
        return ThreadContext.current.read { observed.load(ordering: .acquiring)?.takeUnretainedValue().list }
    }

    /// Whether the factory's next run should record what it asks for: no run completed yet.
    var isObserving: Bool {
        (declaredDependencies == nil || isDecorated) && !isObservationComplete.load(ordering: .relaxed)
    }

    /// Forgets what the factory was seen to ask for, so that its next run is recorded (a
    /// decorator was added, which may ask for more).
    func restartObservation() {
        isObservationComplete.store(false, ordering: .releasing)
        if let old = observed.exchange(nil, ordering: .acquiringAndReleasing) {
            Reclamation.shared.retire(old.takeRetainedValue())
        }
    }

    /// Whether validation has to run the factory to learn its dependencies: a closure without
    /// runtime arguments that never completed a run.
    var needsDryRun: Bool {
        !isInstance && key.arguments == Key.noArguments && isObserving
    }

    /// Keeps what a run of the factory asked for: the first completed run's, or until then the
    /// latest failed run's.
    func observe(_ dependencies: [Dependency], complete: Bool) {
        let candidate = Unmanaged.passRetained(ObservedDependencies.of(dependencies, isComplete: complete))
        var current = observed.load(ordering: .acquiring)
        while current.map({ $0._withUnsafeGuaranteedRef { !$0.isComplete } }) ?? true {
            let (exchanged, original) = observed.compareExchange(
                expected: current, desired: candidate, ordering: .acquiringAndReleasing)
            if exchanged {
                if complete { isObservationComplete.store(true, ordering: .releasing) }
                if let current { Reclamation.shared.retire(current.takeRetainedValue()) }
                return
            }
            current = original
        }
        candidate.release()
    }
}

/// The dependencies a factory was seen to ask for, in order.
final class ObservedDependencies: Sendable {
    let list: [Dependency]
    /// Whether the run completed (else it threw, maybe before asking for everything).
    let isComplete: Bool

    /// A completed run that asked for nothing, as most first runs of leaf services are: one
    /// shared object instead of one per registration.
    private static let noneComplete = ObservedDependencies([], isComplete: true)

    private init(_ list: [Dependency], isComplete: Bool) {
        self.list = list
        self.isComplete = isComplete
    }

    /// What a run asked for, complete or not.
    static func of(_ list: [Dependency], isComplete: Bool) -> ObservedDependencies {
        list.isEmpty && isComplete ? noneComplete : ObservedDependencies(list, isComplete: isComplete)
    }
}

/// A factory that validation can run without knowing its types statically.
protocol DryRunnable: Entry {
    /// Resolves the registration at top level, untraced, as `resolve` would.
    func dryRun(in container: Container) throws
    /// `dryRun(in:)`, for `async` factories too.
    func dryRunAsync(in container: Container) async throws
}

extension FactoryBox: DryRunnable {
    func dryRun(in container: Container) throws {
        // Only factories without runtime arguments are dry-run; for them `Args` is `Void`.
        guard let none = () as? Args else { return }
        _ = try container.resolve(S.self, key: key, arguments: none, parent: nil, traced: false)
    }

    func dryRunAsync(in container: Container) async throws {
        try dryRun(in: container)
    }
}

extension AsyncFactoryBox: DryRunnable {
    func dryRun(in container: Container) throws {}

    func dryRunAsync(in container: Container) async throws {
        guard let none = () as? Args else { return }
        _ = try await container.resolveAsync(S.self, key: key, arguments: none, parent: nil, traced: false)
    }
}

extension Entry {
    /// This entry's bit in the 64-bit filter of the steps in flight (`Frame.inFlight`): the top
    /// six bits of its address multiplied by a large odd constant (Fibonacci hashing), so that
    /// entries allocated one after another spread out. A clear bit means the entry is not in the
    /// set; a set one, that it may be.
    @inline(__always)
    var filterBit: UInt64 {
        let address = UInt64(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(self))))
        return 1 << ((address &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// The registration in readable form (computed on demand: type names are costly to make).
    var service: ServiceKey {
        ServiceKey(serviceType, name: key.name, argumentTypes: argumentTypes)
    }

    /// `Module/File.swift:12`.
    var site: String { "\(file):\(line)" }
}

/// A registration with a synchronous factory, typed: `S` is the service, `Args` the tuple of
/// runtime arguments (`Void` for none).
final class FactoryBox<S, Args>: Entry, @unchecked Sendable {
    /// The factory: without runtime arguments, the closure given to `register` itself, so that
    /// registering it allocates no wrapping closure.
    private enum Body: ~Copyable {
        case plain(@Sendable (any Resolver) throws -> S)
        case withArguments(@Sendable (any Resolver, Args) throws -> S)
    }

    // `@unchecked Sendable` restated from `Entry`: one more `let`, holding a `@Sendable` closure.
    private let body: Body

    private init(
        body: consuming Body, key: Key, argumentTypes: [Any.Type], lifetime: Lifetime, isInstance: Bool, isMainActor: Bool,
        dependencyTypes: [Any.Type]?, forwardingTarget: Entry?, file: StaticString, line: Int
    ) {
        self.body = body
        super.init(
            key: key, serviceType: S.self, argumentTypes: argumentTypes, lifetime: lifetime, isAsync: false,
            isInstance: isInstance, isMainActor: isMainActor, dependencyTypes: dependencyTypes, boxType: { InstanceBox<S>.self },
            forwardingTarget: forwardingTarget, file: file, line: line)
    }

    convenience init(
        _ make: @escaping @Sendable (any Resolver, Args) throws -> S, key: Key, argumentTypes: [Any.Type] = [],
        lifetime: Lifetime, isInstance: Bool = false, isMainActor: Bool = false, dependencyTypes: [Any.Type]? = nil,
        forwardingTarget: Entry? = nil,
        file: StaticString, line: Int
    ) {
        self.init(
            body: .withArguments(make), key: key, argumentTypes: argumentTypes, lifetime: lifetime, isInstance: isInstance,
            isMainActor: isMainActor, dependencyTypes: dependencyTypes, forwardingTarget: forwardingTarget, file: file,
            line: line)
    }

    @inline(__always)
    func make(_ resolver: any Resolver, _ arguments: Args) throws -> S {
        guard isDecorated else { return try build(resolver, arguments) }
        return try makeDecorated(resolver, arguments)
    }

    /// `make` for a decorated registration (out of line, so that a step takes little stack).
    @inline(never)
    private func makeDecorated(_ resolver: any Resolver, _ arguments: Args) throws -> S {
        try decorated(build(resolver, arguments), resolver)
    }

    /// What the factory builds, undecorated (returned straight into the caller's result: a
    /// temporary would cost unspecialized callers a copy through the type's value witnesses).
    @inline(__always)
    private func build(_ resolver: any Resolver, _ arguments: Args) throws -> S {
        switch body {
        case .plain(let body): try body(resolver)
        case .withArguments(let body): try body(resolver, arguments)
        }
    }
}

extension FactoryBox where Args == Void {
    /// A registration without runtime arguments, whose factory is `make` itself.
    convenience init(
        plain make: @escaping @Sendable (any Resolver) throws -> S, key: Key, lifetime: Lifetime, isInstance: Bool = false,
        dependencyTypes: [Any.Type]? = nil, file: StaticString, line: Int
    ) {
        self.init(
            body: .plain(make), key: key, argumentTypes: [], lifetime: lifetime, isInstance: isInstance, isMainActor: false,
            dependencyTypes: dependencyTypes, forwardingTarget: nil, file: file, line: line)
    }
}

/// A registration with an `async` factory, typed like `FactoryBox`.
final class AsyncFactoryBox<S, Args>: Entry, @unchecked Sendable {
    // `@unchecked Sendable` restated from `Entry`: one more `let`, a `@Sendable` closure.
    private let body: @Sendable (any Resolver, Args) async throws -> S

    init(
        _ make: @escaping @Sendable (any Resolver, Args) async throws -> S, key: Key, argumentTypes: [Any.Type] = [],
        lifetime: Lifetime, forwardingTarget: Entry? = nil, file: StaticString, line: Int
    ) {
        body = make
        super.init(
            key: key, serviceType: S.self, argumentTypes: argumentTypes, lifetime: lifetime, isAsync: true,
            isInstance: false, isMainActor: false, dependencyTypes: nil, boxType: { InstanceBox<S>.self },
            forwardingTarget: forwardingTarget, file: file, line: line)
    }

    func make(_ resolver: any Resolver, _ arguments: Args) async throws -> S {
        try decorated(await body(resolver, arguments), resolver)
    }
}

/// A dependency edge: the key a factory asks for, and how to describe it. The readable form is
/// made only when read: type names are costly.
struct Dependency: Hashable, Sendable {
    private enum Description: Sendable {
        case types(Any.Type, arguments: [Any.Type])
        case text(ServiceKey)
    }

    let key: Key
    /// Asked for as `Optional`: `nil` answers it when nothing is registered (`OptionalResolvable`).
    let isOptional: Bool
    private let description: Description
    /// Asked for through a handle (`Lazy`, `Provider`): resolved later, so no part of a cycle.
    var isDeferred = false

    /// A dependency on `entry`'s registration.
    init(_ entry: Entry) {
        key = entry.key
        isOptional = false
        description = .types(entry.serviceType, arguments: entry.argumentTypes)
    }

    /// A dependency on the registration of `type` under `key`, optional or not.
    init(key: Key, type: Any.Type, isOptional: Bool = false) {
        self.key = key
        self.isOptional = isOptional
        description = .types(type, arguments: [])
    }

    /// A dependency on a key that nothing answers, described as it was asked for.
    init(key: Key, service: ServiceKey) {
        self.key = key
        isOptional = false
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

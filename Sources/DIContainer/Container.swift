import Synchronization

/// A dependency-injection container: registrations keyed by type and optional name, resolved
/// lazily, safe to use from any thread.
///
/// Register how to build each service, in any order; nothing is built until it is resolved:
///
/// ```swift
/// let container = Container()
/// container.register(Transport.self, lifetime: .singleton) { _ in URLSessionTransport() }
/// container.register(CourseRepository.self) { r in RemoteCourseRepository(transport: try r.resolve(Transport.self)) }
/// container.register(CourseRepository.self, name: .local) { r in LocalCourseRepository(cache: try r.resolve(CacheStore.self)) }
///
/// let repository = try container.resolve(CourseRepository.self, name: .local)
/// ```
///
/// `resolve` never returns `nil`: it throws a `ResolutionError` that names the whole path and a
/// fix. `validate()` checks every registration before the app runs.
///
/// **Threads.** Register and resolve from any thread or task; factories never run under a lock;
/// a `singleton` factory runs exactly once even when first resolves race.
///
/// **Hierarchy.** A child container (`Container(parent:)`) sees its parent's registrations (and
/// their context variants) and can replace them for itself; the parent never sees the child's.
/// A `singleton` lives in the container that registered it; its factory resolves from the
/// container the request started at.
public final class Container: Sendable {
    /// The process-wide container that app code and `PresenterFactory`-style factories resolve
    /// from. Tests replace its registrations with `withOverrides(_:operation:)` without touching
    /// other tests.
    public static let shared = Container()

    /// The container whose registrations this one falls back to.
    public let parent: Container?
    /// The lifetime of registrations that name none.
    public let defaultLifetime: Lifetime
    let registry: Registry
    /// What ends beyond the registrations' own slots: scopes open with instances of this
    /// container's registrations, and hooks running in the background (`Ledger`).
    let ledger: Ledger
    /// How many test-override scopes targeting this container exist: while none exists here or
    /// in an ancestor, resolving skips the task-local read (see `currentScope`).
    let liveOverrideScopes = Atomic<Int>(0)

    /// Creates an empty container.
    ///
    /// ```swift
    /// let container = Container(defaultLifetime: .graph)   // Swinject's default
    /// ```
    ///
    /// - Parameters:
    ///   - parent: A container whose registrations this one sees (and may replace for itself).
    ///     The parent never sees this container's registrations.
    ///   - defaultLifetime: The lifetime of registrations that name none; `.transient` (a new
    ///     instance on every resolve) unless you choose another.
    public convenience init(parent: Container? = nil, defaultLifetime: Lifetime = .transient) {
        self.init(parent: parent, defaultLifetime: defaultLifetime, capacity: 32)  // a small app's, without regrowing
    }

    /// - Parameter ledger: Where what ends beyond the slots is tracked: a new one, or the
    ///   container's whose override scope registers into this one (its `shutdown` waits then).
    init(parent: Container?, defaultLifetime: Lifetime, capacity: Int, ledger: Ledger = Ledger()) {
        self.parent = parent
        self.defaultLifetime = defaultLifetime
        self.ledger = ledger
        registry = Registry(capacity: capacity, ledger: ledger, parent: parent?.registry)
    }

    /// Applies assemblies: each registers its part of the app, in the order given. Once all of
    /// them have registered, each one's `loaded(resolver:)` runs, in the same order.
    ///
    /// ```swift
    /// Container.shared.apply(InfrastructureAssembly(), RepositoryAssembly(), UseCaseAssembly())
    /// ```
    ///
    /// The order does not matter for dependencies: factories run only when a service is
    /// resolved, so an assembly may register services whose dependencies a later one registers.
    /// It decides one thing: when two assemblies register the same key (type, name and argument
    /// types), the one applied last replaces the other. `validate()` reports such a key with both
    /// places unless the later registration says it replaces on purpose
    /// (`Registration.replacing()`, for a debug or test assembly applied after the app's).
    ///
    /// - Parameter assemblies: The assemblies to apply; the later one wins a key both register.
    public func apply(_ assemblies: any Assembly...) {
        apply(assemblies)
    }

    /// Applies an array of assemblies, in order; see `apply(_:)`.
    public func apply(_ assemblies: [any Assembly]) {
        for assembly in assemblies {
            assembly.assemble(into: self)
            let requirements = assembly.requirements
            if !requirements.isEmpty {
                let name = displayName(of: type(of: assembly))
                registry.addRequirements(requirements.map { StatedRequirement(assembly: name, requirement: $0) })
            }
        }
        for assembly in assemblies {
            assembly.loaded(resolver: self)
        }
    }

    /// Whether something is registered for `type` under `name` without runtime arguments, here,
    /// in an ancestor, or in the test overrides in effect.
    ///
    /// ```swift
    /// if !container.isRegistered(CacheStore.self) { container.register(CacheStore.self) { _ in InMemoryCacheStore() } }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    public func isRegistered<S>(_ type: S.Type, name: Name? = nil) -> Bool {
        entry(for: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), scope: currentScope) != nil
    }

    /// Drops every registration of this container, and the instances they keep; keys registered
    /// twice before are forgotten (`validate()` no longer reports them). Its decorators stay, and
    /// so do the parent's registrations (answering again where these had replaced them).
    ///
    /// A resolution in progress finishes with the registrations it started with; instances it
    /// built are released when it ends.
    public func removeAll() {
        registry.removeAll()
    }

    /// The test-override scope of the current task, when one may apply to this container.
    var currentScope: OverrideScope? {
        mayHaveOverrides ? OverrideScope.value : nil
    }

    /// Whether an override scope targeting this container or an ancestor exists anywhere.
    private var mayHaveOverrides: Bool {
        liveOverrideScopes.load(ordering: .relaxed) != 0 || parent?.mayHaveOverrides == true
    }

    /// This container and its ancestors, nearest first.
    var lineage: [Container] {
        [self] + (parent?.lineage ?? [])
    }

    /// Whether `self` is `ancestor` or one of its descendants.
    func isOrDescends(from ancestor: Container) -> Bool {
        self === ancestor || parent?.isOrDescends(from: ancestor) == true
    }
}

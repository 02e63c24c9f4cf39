import Locking
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
/// **Threads.** Register and resolve from any thread or task. Resolving reads an immutable
/// snapshot of the registrations without a lock; factories never run while the container holds a
/// lock; a `singleton` factory runs exactly once even when first resolves race.
///
/// **Hierarchy.** A child container (`Container(parent:)`) sees its parent's registrations and
/// can replace them for itself; the parent never sees the child's. A `singleton` lives in the
/// container that registered it; its factory resolves its dependencies from the container the
/// request started at.
public final class Container: Sendable {
    /// The process-wide container that app code and `PresenterFactory`-style factories resolve
    /// from. Tests replace its registrations with `withOverrides(_:operation:)` without touching
    /// other tests.
    public static let shared = Container()

    /// How deep one resolution may go before it fails with `depthLimitExceeded`. A resolution
    /// also stops earlier, with the same error, when the thread's stack is nearly used up, so a
    /// runaway graph never overflows the stack. Legitimate graphs are far shallower; 1,000-deep
    /// chains resolve on threads with the usual 8 MiB stack.
    public static let maximumDepth = 1_500

    /// The container whose registrations this one falls back to.
    public let parent: Container?
    let registry = Registry()
    let tracing = Tracing()
    /// The dependencies seen by the last validation dry run, for `registrations`.
    let lastInspection = Locked<DependencyRecorder?>(nil)
    /// `ResolutionStack.key`, kept here so that resolving reads it without a lazy global's check.
    let stackKey = ResolutionStack.key
    /// What synchronous factories receive: this container, reached without a strong reference
    /// (see `ContainerResolver`). Stored as an existential so that passing it borrows it.
    let resolver: any Resolver

    /// Creates an empty container.
    ///
    /// - Parameter parent: A container whose registrations this one sees (and may replace for
    ///   itself). The parent never sees this container's registrations.
    public init(parent: Container? = nil) {
        self.parent = parent
        let resolver = ContainerResolver()
        self.resolver = resolver
        resolver.attach(self)
    }

    /// Applies assemblies: each registers its part of the app. Order never matters, because
    /// factories run only when a service is resolved.
    ///
    /// ```swift
    /// Container.shared.apply(InfrastructureAssembly(), RepositoryAssembly(), UseCaseAssembly())
    /// ```
    ///
    /// - Parameter assemblies: The assemblies to apply, in any order.
    public func apply(_ assemblies: any Assembly...) {
        apply(assemblies)
    }

    /// Applies an array of assemblies; see `apply(_:)`.
    ///
    /// - Parameter assemblies: The assemblies to apply, in any order.
    public func apply(_ assemblies: [any Assembly]) {
        for assembly in assemblies {
            assembly.assemble(into: self)
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
        entry(for: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), scope: CurrentScope.current) != nil
    }

    /// This container and its ancestors, nearest first.
    var lineage: [Container] {
        var chain: [Container] = []
        var container: Container? = self
        while let current = container {
            chain.append(current)
            container = current.parent
        }
        return chain
    }

    /// Whether `self` is `ancestor` or one of its descendants.
    func isOrDescends(from ancestor: Container) -> Bool {
        var container: Container? = self
        while let current = container {
            if current === ancestor { return true }
            container = current.parent
        }
        return false
    }

    /// The registration that answers `key` from this container: overrides first, then this
    /// container, then its ancestors.
    @inline(__always)
    func entry(for key: Key, scope: Scope?) -> Entry? {
        unretainedEntry(for: key, scope: scope)?.takeUnretainedValue()
    }

    /// `entry(for:scope:)`, unretained: the entry lives as long as the registry that answered
    /// (an override scope's, or a container's).
    @inline(__always)
    func unretainedEntry(for key: Key, scope: Scope?) -> Unmanaged<Entry>? {
        if let scope, let entry = scope.override(for: key, in: self) { return .passUnretained(entry) }
        return unretainedEntry(for: key)
    }

    /// The registration for `key` in this container or its ancestors, unretained: it lives as
    /// long as the registry that answered. Walks the ancestors without reference counting.
    @inline(__always)
    func unretainedEntry(for key: Key) -> Unmanaged<Entry>? {
        var container = Unmanaged.passUnretained(self)
        while true {
            let (found, parent) = container._withUnsafeGuaranteedRef { container in
                (container.registry.unretainedEntry(for: key), container.parent.map(Unmanaged.passUnretained))
            }
            if let found { return found }
            guard let parent else { return nil }
            container = parent
        }
    }
}

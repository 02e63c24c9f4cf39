/// The `initCompleted` hooks of one registration (`Registration.initCompleted(_:)`), in the order
/// they were added.
///
/// Stored inline in its `Entry` (no allocation until a hook is added), in an `AtomicList`: hooks
/// are never removed, so the engine reads them without a lock for as long as it holds the entry.
/// Hooks are added right after `register`, usually before anything is resolved; one added while a
/// resolve runs applies from the next new instance on.
struct CompletionHooks: ~Copyable, Sendable {
    /// A hook, type-erased: it receives the instance as `Any` and casts it back to its service
    /// type (which the registration's key guarantees).
    typealias Hook = @Sendable (any Resolver, Any) throws -> Void

    private let hooks = AtomicList<Hook>()
    /// What the hooks asked for through their resolver on their first completed run (one
    /// element at most, or a few when first runs race; the first counts).
    private let observed = AtomicList<[Dependency]>()

    init() {}

    /// Whether any hook was added (one atomic load: checked on every step that builds).
    @inline(__always)
    var isActive: Bool {
        !hooks.isEmpty
    }

    /// How many hooks were added.
    var count: Int {
        hooks.elements.count
    }

    /// What the hooks asked for on their first completed run, `nil` before one.
    var knownDependencies: [Dependency]? {
        observed.elements.first
    }

    /// Whether the hooks' next run should record what they ask for.
    var isObserving: Bool {
        observed.isEmpty
    }

    /// Keeps what a completed run of the hooks asked for, unless a run was kept already.
    func observe(_ dependencies: [Dependency]) {
        if observed.isEmpty { observed.append(dependencies) }
    }

    /// Adds `hook` after the existing ones.
    func append(_ hook: @escaping Hook) {
        hooks.append(hook)
    }

    /// Runs every hook, oldest first, on `instance`; stops at the first that throws.
    func run(_ resolver: any Resolver, _ instance: Any) throws {
        for hook in hooks.elements {
            try hook(resolver, instance)
        }
    }
}

import Synchronization

/// The `initCompleted` hooks of one registration (`Registration.initCompleted(_:)`), in the order
/// they were added.
///
/// Stored inline in its `Entry` (no allocation until a hook is added): an atomic pointer to the
/// newest node of an append-only list. Adding a hook publishes a new node that keeps the older
/// ones; nodes are never removed, so a reader may use the list it loaded without a lock, for as
/// long as it holds the entry. Hooks are added right after `register`, usually before anything is
/// resolved; one added while a resolve runs applies from the next new instance on.
struct CompletionHooks: ~Copyable, Sendable {
    /// A hook, type-erased: it receives the instance as `Any` and casts it back to its service
    /// type (which the registration's key guarantees).
    typealias Hook = @Sendable (any Resolver, Any) throws -> Void

    /// Retained here; each node retains the one before it.
    private let newest = Atomic<Unmanaged<Node>?>(nil)

    init() {}

    deinit {
        newest.load(ordering: .acquiring)?.release()
    }

    /// Whether any hook was added (one atomic load: checked on every step that builds).
    @inline(__always)
    var isActive: Bool {
        newest.load(ordering: .acquiring) != nil
    }

    /// How many hooks were added.
    var count: Int {
        newest.load(ordering: .acquiring)?.takeUnretainedValue().inOrder.count ?? 0
    }

    /// Adds `hook` after the existing ones.
    func append(_ hook: @escaping Hook) {
        var current = newest.load(ordering: .acquiring)
        while true {
            let node = Unmanaged.passRetained(Node(hook, after: current?.takeUnretainedValue()))
            let (exchanged, original) = newest.compareExchange(
                expected: current, desired: node, ordering: .acquiringAndReleasing)
            if exchanged {
                // The new node holds the previous one strongly; the atomic's own reference moves to it.
                current?.release()
                return
            }
            node.release()
            current = original
        }
    }

    /// Runs every hook, oldest first, on `instance`; stops at the first that throws.
    func run(_ resolver: any Resolver, _ instance: Any) throws {
        guard let head = newest.load(ordering: .acquiring)?.takeUnretainedValue() else { return }
        for hook in head.inOrder {
            try hook(resolver, instance)
        }
    }

    /// One hook and the hooks added before it.
    private final class Node: Sendable {
        let hook: Hook
        let previous: Node?

        init(_ hook: @escaping Hook, after previous: Node?) {
            self.hook = hook
            self.previous = previous
        }

        /// The hooks up to this one, oldest first.
        var inOrder: [Hook] {
            var hooks: [Hook] = []
            var node: Node? = self
            while let current = node {
                hooks.append(current.hook)
                node = current.previous
            }
            return hooks.reversed()
        }
    }
}

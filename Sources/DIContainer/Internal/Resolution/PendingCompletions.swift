/// The new instances of one resolution whose `initCompleted` hooks have not run yet, in the
/// order they were built. Stored inline in its `Resolution` (no allocation while no registration
/// has hooks), in an `AtomicList` that concurrent steps of the resolution (an `async` factory's
/// child tasks) add to, and that the top-level step takes whole once its own instance is stored
/// (`Container.completePending(in:context:)`).
struct PendingCompletions: ~Copyable, Sendable {
    /// One new instance waiting for its hooks.
    struct Item: Sendable {
        let entry: Entry
        /// The instance, as the registration's service type. Boxed like a `graph` instance: it is
        /// shared between the steps of one resolution, which is that lifetime's contract.
        let instance: InstanceBox<Any>
        /// The store that keeps it, to drop it from if a hook fails.
        let store: KeptIn
        /// The step that asked for the instance: the hooks' step hangs below it.
        let parent: Frame?
    }

    /// The store a new instance was kept in, when a failed hook must drop it from there.
    enum KeptIn: Sendable {
        /// Nowhere that outlives the resolution (`transient`, `graph`).
        case resolution
        case cell(InstanceCell)
        case weak(WeakCell)

        init(_ store: InstanceStore) {
            switch store {
            case .none, .resolution: self = .resolution
            case .cell(let cell): self = .cell(cell)
            case .weak(let cell): self = .weak(cell)
            }
        }

        /// Drops the instance, so that the next resolve builds it again.
        func drop() {
            switch self {
            case .resolution: break
            case .cell(let cell): cell.reset()
            case .weak(let cell): cell.reset()
            }
        }
    }

    private let items = AtomicList<Item>()

    init() {}

    /// Whether an instance waits for its hooks (one atomic load per top-level resolve).
    @inline(__always)
    var isEmpty: Bool {
        items.isEmpty
    }

    /// Adds a new instance of `entry` after those already waiting.
    func push(_ entry: Entry, instance: Any, store: KeptIn, parent: Frame?) {
        items.append(Item(entry: entry, instance: InstanceBox(instance), store: store, parent: parent))
    }

    /// Removes and returns every waiting instance, oldest first.
    func takeAll() -> [Item] {
        items.takeAll()
    }
}

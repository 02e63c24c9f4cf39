import Synchronization

/// The new instances of one resolution whose `initCompleted` hooks have not run yet, in the
/// order they were built. Stored inline in its `Resolution` (no allocation while no registration
/// has hooks): a lock-free stack that concurrent steps of the resolution (an `async` factory's
/// child tasks) push onto, and that the top-level step takes whole once its own instance is
/// stored (`Container.completePending(in:context:)`).
struct PendingCompletions: ~Copyable, Sendable {
    /// One new instance waiting for its hooks.
    final class Item: Sendable {
        let entry: Entry
        /// The instance, as the registration's service type. Boxed like a `graph` instance: it is
        /// shared between the steps of one resolution, which is that lifetime's contract.
        let instance: InstanceBox<Any>
        /// The store that keeps it, to drop it from if a hook fails.
        let store: KeptIn
        /// The step that asked for the instance: the hooks' step hangs below it.
        let parent: Frame?
        /// The item pushed before this one.
        let next: Item?

        init(entry: Entry, instance: Any, store: KeptIn, parent: Frame?, next: Item?) {
            self.entry = entry
            self.instance = InstanceBox(instance)
            self.store = store
            self.parent = parent
            self.next = next
        }
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

    /// The newest item, retained here; each item retains the one pushed before it.
    private let newest = Atomic<Unmanaged<Item>?>(nil)

    init() {}

    deinit {
        newest.load(ordering: .acquiring)?.release()
    }

    /// Whether an instance waits for its hooks (one atomic load per top-level resolve).
    @inline(__always)
    var isEmpty: Bool {
        newest.load(ordering: .acquiring) == nil
    }

    /// Adds a new instance of `entry` after those already waiting.
    func push(_ entry: Entry, instance: Any, store: KeptIn, parent: Frame?) {
        var current = newest.load(ordering: .acquiring)
        while true {
            let item = Unmanaged.passRetained(
                Item(entry: entry, instance: instance, store: store, parent: parent, next: current?.takeUnretainedValue()))
            let (exchanged, original) = newest.compareExchange(
                expected: current, desired: item, ordering: .acquiringAndReleasing)
            if exchanged {
                // The new item holds the previous one strongly; the atomic's own reference moves to it.
                current?.release()
                return
            }
            item.release()
            current = original
        }
    }

    /// Removes and returns every waiting instance, oldest first.
    func takeAll() -> [Item] {
        guard let taken = newest.exchange(nil, ordering: .acquiringAndReleasing)?.takeRetainedValue() else { return [] }
        var items: [Item] = []
        var item: Item? = taken
        while let current = item {
            items.append(current)
            item = current.next
        }
        return items.reversed()
    }
}

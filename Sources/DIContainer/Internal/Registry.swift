import Synchronization

/// The registrations of one container.
///
/// Writers (registration) take a lock and mark the table stale; readers (resolution) read an
/// immutable `Table` through an atomic pointer without any lock, so resolving costs the same on
/// every thread and never contends. A stale table is rebuilt once, by the first lookup after a
/// burst of registrations, so registering N services costs O(N), not O(N²).
///
/// Lock-free readers may still hold a replaced table, so replaced tables are kept until the
/// registry itself is released. Their cost is one dictionary copy per register-then-resolve
/// round; an app registers in one burst at start-up and pays it once.
final class Registry: Sendable {
    private struct State {
        var entries: [Key: Entry] = [:]
        /// Registration order: the position of each key (a replacement keeps its key's place).
        var order: [Key: Int] = [:]
        var nextPosition = 0
        var retired: [Table] = []
    }

    /// The immutable lookup table readers see.
    final class Table: Sendable {
        let entries: [Key: Entry]

        init(entries: [Key: Entry]) {
            self.entries = entries
        }
    }

    private let state = Mutex(State())
    private let published: Atomic<Unmanaged<Table>>
    private let isStale = Atomic<Bool>(false)

    init() {
        published = Atomic(Unmanaged.passRetained(Table(entries: [:])))
    }

    deinit {
        published.load(ordering: .acquiring).release()
    }

    /// Adds or replaces the registration for `entry.key`.
    func add(_ entry: Entry) {
        state.withLock { state in
            state.entries[entry.key] = entry
            if state.order[entry.key] == nil {
                state.order[entry.key] = state.nextPosition
                state.nextPosition += 1
            }
            isStale.store(true, ordering: .releasing)
        }
    }

    /// The registration for `key`, without taking a lock when no registration happened since the
    /// last lookup.
    @inline(__always)
    func entry(for key: Key) -> Entry? {
        if isStale.load(ordering: .acquiring) {
            publish()
        }
        return published.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.entries[key] }
    }

    /// Every registration, in registration order.
    var allEntries: [Entry] {
        state.withLock { state in
            state.entries.values.sorted { (state.order[$0.key] ?? 0) < (state.order[$1.key] ?? 0) }
        }
    }

    /// The names (and argument types) under which `type` is registered: the near misses of a
    /// failed lookup.
    func entries(ofType type: ObjectIdentifier) -> [Entry] {
        allEntries.filter { $0.key.type == type }
    }

    private func publish() {
        state.withLock { state in
            // Another thread may have published while this one waited for the lock.
            guard isStale.load(ordering: .acquiring) else { return }
            let table = Table(entries: state.entries)
            let old = published.exchange(Unmanaged.passRetained(table), ordering: .acquiringAndReleasing)
            state.retired.append(old.takeRetainedValue())
            isStale.store(false, ordering: .releasing)
        }
    }
}

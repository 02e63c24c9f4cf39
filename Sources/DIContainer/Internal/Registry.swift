import Synchronization

/// The registrations of one container.
///
/// Writers (registration) take a lock and mark the lookup table stale; readers (resolution) read
/// an immutable `LookupTable` through an atomic pointer without any lock, so resolving costs the
/// same on every thread and never contends. A stale table is rebuilt once, by the first lookup
/// after a burst of registrations, so registering N services costs O(N), not O(N²).
///
/// Lock-free readers may still hold a replaced table, so replaced tables are kept until the
/// registry itself is released. Each costs two words per slot; an app registers in one burst at
/// start-up and pays it once.
final class Registry: Sendable {
    private struct State {
        /// Every registration in registration order; a replacement takes its key's place.
        var ordered: [Entry] = []
        /// The position of each key in `ordered`.
        var positions: [Key: Int] = [:]
        var retired: [LookupTable] = []
    }

    private let state = Locked(State())
    private let published: Atomic<Unmanaged<LookupTable>>
    private let isStale = Atomic<Bool>(false)

    init() {
        published = Atomic(Unmanaged.passRetained(LookupTable(entries: [])))
    }

    deinit {
        published.load(ordering: .acquiring).release()
    }

    /// Adds or replaces the registration for `entry.key`.
    func add(_ entry: Entry) {
        state.withLock { state in
            if let position = state.positions[entry.key] {
                state.ordered[position] = entry
            } else {
                state.positions[entry.key] = state.ordered.count
                state.ordered.append(entry)
            }
            isStale.store(true, ordering: .releasing)
        }
    }

    /// The registration for `key`, without taking a lock when no registration happened since the
    /// last lookup.
    @inline(__always)
    func entry(for key: Key) -> Entry? {
        unretainedEntry(for: key)?.takeUnretainedValue()
    }

    /// The registration for `key`, unretained: it stays alive as long as this registry, because
    /// every lookup table — replaced ones too — keeps its entries.
    @inline(__always)
    func unretainedEntry(for key: Key) -> Unmanaged<Entry>? {
        if isStale.load(ordering: .acquiring) {
            publish()
        }
        return published.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.entry(for: key) }
    }

    /// Every registration, in registration order.
    var allEntries: [Entry] {
        state.withLock { $0.ordered }
    }

    /// The registrations of one type (any name, any arguments), in registration order.
    func entries(ofType type: ObjectIdentifier) -> [Entry] {
        allEntries.filter { $0.key.type == type }
    }

    private func publish() {
        state.withLock { state in
            // Another thread may have published while this one waited for the lock.
            guard isStale.load(ordering: .acquiring) else { return }
            let table = LookupTable(entries: state.ordered)
            let old = published.exchange(Unmanaged.passRetained(table), ordering: .acquiringAndReleasing)
            state.retired.append(old.takeRetainedValue())
            isStale.store(false, ordering: .releasing)
        }
    }
}

/// An immutable open-addressing hash table from `Key` to `Entry`, at most half full, probed
/// linearly. It hashes a key with a few multiplications instead of `Hasher` (SipHash), and hands
/// out unretained entries, which keeps a lookup to a few tens of instructions whatever the
/// number of registrations.
///
/// `@unchecked Sendable`, reviewed: every stored property is written once, in `init`, and only
/// read afterwards; `entries` keeps alive every entry the slots point to.
final class LookupTable: @unchecked Sendable {
    private let entries: [Entry]
    private let slots: UnsafeMutableBufferPointer<Unmanaged<Entry>?>
    private let mask: Int

    init(entries: [Entry]) {
        var capacity = 8
        while capacity < entries.count * 2 {
            capacity <<= 1
        }
        let slots = UnsafeMutableBufferPointer<Unmanaged<Entry>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil)
        let mask = capacity - 1
        for entry in entries {
            var index = entry.key.tableHash & mask
            while slots[index] != nil {
                index = (index + 1) & mask
            }
            slots[index] = Unmanaged.passUnretained(entry)
        }
        self.entries = entries
        self.slots = slots
        self.mask = mask
    }

    deinit {
        slots.deallocate()
    }

    @inline(__always)
    func entry(for key: Key) -> Unmanaged<Entry>? {
        var index = key.tableHash & mask
        while let candidate = slots[index] {
            if candidate._withUnsafeGuaranteedRef({ $0.key == key }) { return candidate }
            index = (index + 1) & mask
        }
        return nil
    }
}

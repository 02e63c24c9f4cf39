import Locking
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
        var positions = PositionIndex()
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
        let hash = entry.key.tableHash
        state.withLock { state in
            let next = state.ordered.count
            let position = state.positions.claim(entry.key, hash: hash, next: next, in: state.ordered)
            if position == next {
                state.ordered.append(entry)
            } else {
                state.ordered[position] = entry
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

/// Where each key sits in the registry's ordered list: an open-addressing table of positions,
/// probed linearly from `Key.tableHash`, so registering hashes one word instead of running
/// `Hasher`. Each slot keeps the low half of its key's hash next to the position: a probe reads
/// an entry only when that matches (a re-registration, in practice), and growing places the
/// slots again without touching the entries.
private struct PositionIndex {
    /// Eight bytes, so the table costs what a table of bare positions would.
    private struct Slot {
        /// The low 32 bits of the key's `tableHash`, which place the slot and tell most keys apart.
        var hash: UInt32
        /// The position in `ordered` + 1, or 0 for an empty slot. 32 bits hold more registrations
        /// than memory does: each is an object of over a hundred bytes.
        var position: UInt32
    }

    /// At most half full, so probes stay short. Holds exactly the keys of `ordered`.
    private var slots = [Slot](repeating: Slot(hash: 0, position: 0), count: 16)

    /// The position of `key` (whose hash is `hash`) in `ordered`; when it is not there yet,
    /// records it at `next` — `ordered.count`, where it is about to be appended — and returns `next`.
    mutating func claim(_ key: Key, hash: Int, next: Int, in ordered: [Entry]) -> Int {
        if (next + 1) * 2 > slots.count {
            grow()
        }
        let low = UInt32(truncatingIfNeeded: hash)
        let mask = slots.count - 1
        var index = Int(low) & mask
        while true {
            let slot = slots[index]
            if slot.position == 0 { break }
            if slot.hash == low, ordered[Int(slot.position) - 1].key == key { return Int(slot.position) - 1 }
            index = (index + 1) & mask
        }
        slots[index] = Slot(hash: low, position: UInt32(truncatingIfNeeded: next + 1))
        return next
    }

    /// Doubles the table, placing every slot again by its stored hash.
    private mutating func grow() {
        var larger = [Slot](repeating: Slot(hash: 0, position: 0), count: slots.count * 2)
        let mask = larger.count - 1
        for slot in slots where slot.position != 0 {
            var index = Int(slot.hash) & mask
            while larger[index].position != 0 {
                index = (index + 1) & mask
            }
            larger[index] = slot
        }
        slots = larger
    }
}

import Locking
import Synchronization

/// The registrations of one container, stored inline in it (no allocation of its own).
///
/// Writers (registration) take the lock and mark the lookup table stale; readers look entries up
/// in an immutable `LookupTable` through an atomic pointer, without a lock, inside a
/// `Reclamation` read. The first lookup after a burst of registrations publishes a new table, so
/// registering N services costs O(N), not O(N²); the replaced table is retired, and released
/// (with the registrations only it still held, and their singletons) once no lookup can see it.
struct Registry: ~Copyable, Sendable {
    private struct State {
        /// Every registration in registration order; a replacement takes its key's place.
        var ordered: [Entry] = []
        /// The position of each key in `ordered`.
        var positions = PositionIndex()
    }

    private let state = Locked(State())
    /// Retained by the registry; replaced tables are retired (see `Reclamation`).
    private let published = Atomic<Unmanaged<LookupTable>?>(nil)
    private let isStale = Atomic<Bool>(false)

    deinit {
        published.load(ordering: .acquiring)?.release()
    }

    /// Adds or replaces the registration for `entry.key`.
    func add(_ entry: Entry) {
        let hash = entry.key.tableHash
        let replaced: Entry? = state.withLock { state in
            let next = state.ordered.count
            let position = state.positions.claim(entry.key, hash: hash, next: next, in: state.ordered)
            isStale.store(true, ordering: .releasing)
            if position == next {
                // Room for a typical assembly's first registrations in one allocation.
                if next == 0 { state.ordered.reserveCapacity(8) }
                state.ordered.append(entry)
                return nil
            }
            defer { state.ordered[position] = entry }
            return state.ordered[position]
        }
        // Released here, outside the lock, unless a published table or a resolution still has it.
        _ = consume replaced
    }

    /// Drops every registration.
    func removeAll() {
        let dropped: [Entry] = state.withLock { state in
            defer {
                state = State()
                isStale.store(true, ordering: .releasing)
            }
            return state.ordered
        }
        publishIfStale()
        _ = consume dropped
    }

    /// The registration for `key`, looked up inside a `Reclamation` read on `context`'s thread.
    func entry(for key: Key, in context: ThreadContext) -> Entry? {
        publishIfStale()
        return context.read { unretainedEntry(for: key)?.takeUnretainedValue() }
    }

    /// The registration for `key`, unretained, for use inside a `Reclamation` read (`context`'s).
    @inline(__always)
    func unretainedEntry(for key: Key) -> Unmanaged<Entry>? {
        published.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { $0.entry(for: key) }
    }

    /// Publishes a new table if registrations changed since the last one. Call before a read.
    @inline(__always)
    func publishIfStale() {
        if isStale.load(ordering: .acquiring) {
            publish()
        }
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
        let old: Unmanaged<LookupTable>?? = state.withLock { state in
            // Another thread may have published while this one waited for the lock.
            guard isStale.load(ordering: .acquiring) else { return nil }
            let table = Unmanaged.passRetained(LookupTable(entries: state.ordered))
            isStale.store(false, ordering: .releasing)
            return published.exchange(table, ordering: .sequentiallyConsistent)
        }
        if let old, let old {
            Reclamation.shared.retire(old.takeRetainedValue())
        }
    }
}

private struct PositionIndex {
    /// Eight bytes, so the table costs what a table of bare positions would.
    private struct Slot {
        /// The low 32 bits of the key's `tableHash`, which place the slot and tell most keys apart.
        var hash: UInt32
        /// The position in `ordered` + 1, or 0 for an empty slot. 32 bits hold more registrations
        /// than memory does: each is an object of over a hundred bytes.
        var position: UInt32
    }

    /// Up to this many registrations, `claim` compares keys one by one and the table stays empty:
    /// most override scopes and many containers never allocate one.
    private static let linearLimit = 8

    /// At most half full, so probes stay short; empty while `ordered` is shorter than
    /// `linearLimit`, else holding exactly the keys of `ordered`.
    private var slots: [Slot] = []

    /// The position of `key` (whose hash is `hash`) in `ordered`; when it is not there yet,
    /// records it at `next` — `ordered.count`, where it is about to be appended — and returns `next`.
    mutating func claim(_ key: Key, hash: Int, next: Int, in ordered: [Entry]) -> Int {
        if slots.isEmpty {
            guard next >= Self.linearLimit else {
                return ordered.firstIndex { $0.key == key } ?? next
            }
            index(ordered)
        } else if (next + 1) * 2 > slots.count {
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

    /// Makes the table from the keys of `ordered` (`linearLimit` of them), with room for four times
    /// as many.
    private mutating func index(_ ordered: [Entry]) {
        slots = [Slot](repeating: Slot(hash: 0, position: 0), count: Self.linearLimit * 8)
        let mask = slots.count - 1
        for (position, entry) in ordered.enumerated() {
            let low = UInt32(truncatingIfNeeded: entry.key.tableHash)
            var index = Int(low) & mask
            while slots[index].position != 0 {
                index = (index + 1) & mask
            }
            slots[index] = Slot(hash: low, position: UInt32(truncatingIfNeeded: position + 1))
        }
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

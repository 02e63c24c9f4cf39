import Locking
import Synchronization

/// The registrations of one container, stored inline in it (no allocation of its own).
///
/// In the registry of an override scope's container, the first registration is kept without a
/// lock, in `first`: one is all that most override scopes get, and they then make neither the
/// lock nor the list. The second registration, or the first lookup, moves it into the locked
/// state for good. (Other registries start closed: for an assembly, taking the lock from the
/// first registration on costs less than moving the first one later.)
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

    /// The first registration, as the bits of a pointer it retains; 0 before any, `closed` once
    /// `state` took over. Its reference is retired when it moves, so `allEntries` may read it in a
    /// reclamation read.
    private let first: Atomic<UInt>
    private static let closed: UInt = 1
    private let state = LazyLocked(State())
    /// Retained by the registry; replaced tables are retired (see `Reclamation`).
    private let published = Atomic<Unmanaged<LookupTable>?>(nil)
    private let isStale = Atomic<Bool>(false)

    /// - Parameter expectingOne: Whether to keep the first registration without the lock.
    init(expectingOne: Bool) {
        first = Atomic(expectingOne ? 0 : Self.closed)
    }

    deinit {
        published.load(ordering: .acquiring)?.release()
        let bits = first.load(ordering: .acquiring)
        if bits > Self.closed { Self.entry(bits).release() }
    }

    /// Adds or replaces the registration for `entry.key`.
    func add(_ entry: Entry) {
        if first.load(ordering: .relaxed) == 0 {
            let bits = UInt(bitPattern: Unmanaged.passRetained(entry).toOpaque())
            if first.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged {
                isStale.store(true, ordering: .releasing)
                return
            }
            Self.entry(bits).release()
        }
        let hash = entry.key.tableHash
        var moved: Unmanaged<Entry>?
        let replaced: Entry? = state.withLock { state in
            moved = takeFirst(into: &state)
            let next = state.ordered.count
            let position = state.positions.claim(entry.key, hash: hash, next: next, in: state.ordered)
            isStale.store(true, ordering: .releasing)
            if position == next {
                // Room for a small assembly in one allocation, instead of five as the array doubles.
                if next == 0 { state.ordered.reserveCapacity(32) }
                state.ordered.append(entry)
                return nil
            }
            defer { state.ordered[position] = entry }
            return state.ordered[position]
        }
        // Released here, outside the lock, unless a published table or a resolution still has it.
        _ = consume replaced
        Self.retire(moved)
    }

    /// Moves the first registration into `state` (under its lock), for good; returns the
    /// reference `first` held, to retire once the lock is released.
    @inline(__always)
    private func takeFirst(into state: inout State) -> Unmanaged<Entry>? {
        guard first.load(ordering: .relaxed) != Self.closed else { return nil }
        return moveFirst(into: &state)
    }

    @inline(never)
    private func moveFirst(into state: inout State) -> Unmanaged<Entry>? {
        let bits = first.exchange(Self.closed, ordering: .acquiringAndReleasing)
        guard bits > Self.closed else { return nil }
        let moved = Self.entry(bits)
        // `state` is empty until now (it only fills once `first` is closed), and a list this short
        // needs no position table.
        state.ordered.reserveCapacity(32)
        state.ordered.append(moved.takeUnretainedValue())
        return moved
    }

    private static func entry(_ bits: UInt) -> Unmanaged<Entry> {
        // Only called with the bits of a pointer `add` retained (never 0 or `closed`).
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// Releases the reference `first` held once no reclamation read can still be using it.
    private static func retire(_ moved: Unmanaged<Entry>?) {
        if let moved { Reclamation.shared.retire(moved.takeRetainedValue()) }
    }

    /// Drops every registration.
    func removeAll() {
        var moved: Unmanaged<Entry>?
        let dropped: [Entry] = state.withLock { state in
            moved = takeFirst(into: &state)
            defer {
                state = State()
                isStale.store(true, ordering: .releasing)
            }
            return state.ordered
        }
        Self.retire(moved)
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
        if let only = onlyEntry { return [only] }
        return state.read { $0.ordered }
    }

    /// The first registration while it is the only one (read without the lock), else `nil`.
    var onlyEntry: Entry? {
        ThreadContext.current.read { () -> Entry? in
            let bits = first.load(ordering: .acquiring)
            return bits > Self.closed ? Self.entry(bits).takeUnretainedValue() : nil
        }
    }

    /// The registrations of one type (any name, any arguments), in registration order.
    func entries(ofType type: ObjectIdentifier) -> [Entry] {
        allEntries.filter { $0.key.type == type }
    }

    private func publish() {
        var moved: Unmanaged<Entry>?
        let old: Unmanaged<LookupTable>?? = state.withLock { state in
            // Another thread may have published while this one waited for the lock.
            guard isStale.load(ordering: .acquiring) else { return nil }
            moved = takeFirst(into: &state)
            let table = Unmanaged.passRetained(LookupTable(entries: state.ordered))
            // Published before the flag clears: a reader that finds the table fresh must find
            // this one (it reads the flag first, then the table).
            let old = published.exchange(table, ordering: .sequentiallyConsistent)
            isStale.store(false, ordering: .releasing)
            return old
        }
        Self.retire(moved)
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

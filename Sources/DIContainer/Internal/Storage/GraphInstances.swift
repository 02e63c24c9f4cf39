import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `graph` instances of one resolution, oldest first, in slots of 16 (this object and, past
/// 16 instances, the chunks linked from it). A slot holds a registration's `graphIdentity` and the
/// object kept for it: the instance itself when the service is a class (`Entry.keepsGraphInstanceUnboxed`), else
/// its `InstanceBox`. A thread's resolution keeps its first chunk from one resolve to the next,
/// so a resolve that keeps at most 16 `graph` instances allocates nothing for them.
///
/// Several steps of one resolution may keep instances at once (an `async` factory's child tasks, a
/// factory resolving from other threads), so slots are lock-free. Each chunk has one `state`
/// word: the number of slots claimed in its low bits, and a filter above them — one bit per
/// registration kept, chosen by `filterBit(_:)`, set in the same compare-and-exchange that claims
/// its slot (or, once the first chunk is full, before a later chunk claims one). A lookup whose
/// bit is clear in the first chunk's filter needs no search, and keeping an instance takes one
/// atomic read-modify-write.
///
/// A step claims a slot with that compare-and-exchange, fills it, then publishes it with a release
/// store of its registration's identity. Lookups scan the published slots oldest first. Before
/// claiming, a step looks at every slot claimed since the last state it saw without its bit: if
/// one is for the same registration it takes that instance instead of its own (waiting, if need
/// be, for the slot to be published — its owner is between two stores), so all steps of a
/// resolution get the instance kept first.
///
/// Ownership (case 4 of `Internal/README.md`): a slot retains its object until the resolution ends
/// (`removeAll()`, `deinit`); lookups hand objects out unretained. It does not keep the
/// registration: identities are never reused, so an entry replaced and freed while the
/// resolution runs cannot be mistaken for another.
///
/// `@unchecked Sendable`, reviewed: the slot storage is a pointer that only this object uses; every
/// word in it, and `state` and `next`, is atomic.
final class GraphInstances: @unchecked Sendable {
    private static let capacity = 16
    /// The low bits of `state` that count claimed slots (up to `capacity`).
    private static let countBits: UInt64 = 6
    private static let countMask: UInt64 = (1 << countBits) - 1

    /// Two words per slot: the registration (its `graphIdentity`, 0 until published) and the
    /// object (a retained `AnyObject`).
    private let words: UnsafeMutablePointer<Atomic<UInt>>
    /// Slots claimed so far (at most `capacity`: then the next chunk takes the instance), and
    /// the filter bits of the registrations kept.
    private let state = Atomic<UInt64>(0)
    /// The chunk after this one, retained, once this one is full.
    private let next = Atomic<Unmanaged<GraphInstances>?>(nil)

    init() {
        words = .allocate(capacity: 2 * Self.capacity)
        for index in 0..<(2 * Self.capacity) {
            (words + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        releaseSlots()
        words.deinitialize(count: 2 * Self.capacity)
        words.deallocate()
        // Chunks past this one are released one after the other, not by recursion.
        var chunk = next.load(ordering: .acquiring)
        while let current = chunk {
            chunk = current._withUnsafeGuaranteedRef { chunk in
                defer { chunk.next.store(nil, ordering: .relaxed) }
                return chunk.next.load(ordering: .acquiring)
            }
            current.release()
        }
    }

    /// Whether no instance is kept.
    @inline(__always)
    var isEmpty: Bool { state.load(ordering: .relaxed) == 0 }

    /// The object kept for `entry`, if any, unretained.
    @inline(__always)
    func object(for entry: Entry) -> Unmanaged<AnyObject>? {
        let state = state.load(ordering: .acquiring)
        guard state & Self.filterBit(entry) != 0 else { return nil }
        let registration = Self.word(for: entry)
        if let found = publishedObject(for: registration, count: Self.count(state)) { return found }
        guard let next = next.load(ordering: .acquiring) else { return nil }
        return next._withUnsafeGuaranteedRef { $0.search(registration) }
    }

    /// Keeps `ours` (retained: the reference moves here) for `entry` and returns it, unretained,
    /// or the object a concurrent step kept for `entry` first.
    func keep(_ ours: Unmanaged<AnyObject>, for entry: Entry) -> Unmanaged<AnyObject> {
        let registration = Self.word(for: entry)
        let bit = Self.filterBit(entry)
        var chunk = Unmanaged.passUnretained(self)
        var isFirst = true
        while true {
            let kept = chunk._withUnsafeGuaranteedRef {
                $0.claimSlot(ours, registration: registration, bit: bit, isFirst: isFirst)
            }
            isFirst = false
            switch kept {
            case .kept(let kept):
                if kept.toOpaque() != ours.toOpaque() { ours.release() }
                return kept
            case .full:
                chunk = chunk._withUnsafeGuaranteedRef { $0.nextChunk() }
            }
        }
    }

    /// Releases every instance and empties the slots. Only when nothing else uses the instances
    /// (the resolution is its thread's and its resolve has ended).
    func removeAll() {
        releaseSlots()
        if let chunks = next.load(ordering: .acquiring) {
            next.store(nil, ordering: .relaxed)
            chunks.release()
        }
    }

    // MARK: - One chunk

    private enum Claim {
        case kept(Unmanaged<AnyObject>)
        case full
    }

    private func entryWord(_ slot: Int) -> UnsafeMutablePointer<Atomic<UInt>> { words + 2 * slot }
    private func objectWord(_ slot: Int) -> UnsafeMutablePointer<Atomic<UInt>> { words + 2 * slot + 1 }

    @inline(__always)
    private static func count(_ state: UInt64) -> Int { Int(truncatingIfNeeded: state & countMask) }

    /// The published slot of `registration` in this chunk or a later one.
    @inline(never)
    private func search(_ registration: UInt) -> Unmanaged<AnyObject>? {
        var chunk = Unmanaged.passUnretained(self)
        while true {
            let (found, next) = chunk._withUnsafeGuaranteedRef { chunk in
                (
                    chunk.publishedObject(for: registration, count: Self.count(chunk.state.load(ordering: .acquiring))),
                    chunk.next.load(ordering: .acquiring)
                )
            }
            if let found { return found }
            guard let next else { return nil }
            chunk = next
        }
    }

    @inline(__always)
    private func publishedObject(for registration: UInt, count: Int) -> Unmanaged<AnyObject>? {
        var slot = 0
        while slot < count {
            if entryWord(slot).pointee.load(ordering: .acquiring) == registration {
                return objectAt(slot)
            }
            slot &+= 1
        }
        return nil
    }

    @inline(__always)
    private func objectAt(_ slot: Int) -> Unmanaged<AnyObject> {
        let bits = objectWord(slot).pointee.load(ordering: .relaxed)
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    /// Claims a slot of this chunk for `object`, unless a slot claimed already holds the
    /// registration's. The first chunk's filter gets `bit` in any case.
    private func claimSlot(_ object: Unmanaged<AnyObject>, registration: UInt, bit: UInt64, isFirst: Bool) -> Claim {
        var state = state.load(ordering: .acquiring)
        // A clear bit means no slot claimed so far holds the registration (its claim would have
        // set the bit); only the first chunk's filter says so.
        var checked = isFirst && state & bit == 0 ? Self.count(state) : 0
        while true {
            // Slots claimed since the last look: one may hold this registration's instance.
            let count = Self.count(state)
            while checked < count {
                var published = entryWord(checked).pointee.load(ordering: .acquiring)
                while published == 0 {
                    // Claimed, not yet published: its owner is between two stores.
                    sched_yield()
                    published = entryWord(checked).pointee.load(ordering: .acquiring)
                }
                if published == registration { return .kept(objectAt(checked)) }
                checked &+= 1
            }
            let full = count == Self.capacity
            // A full first chunk still records the bit, for lookups.
            if full, !isFirst || state & bit != 0 { return .full }
            let desired = full ? state | bit : (state | bit) &+ 1
            let (exchanged, original) = self.state.compareExchange(
                expected: state, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged {
                if full { return .full }
                objectWord(count).pointee.store(UInt(bitPattern: object.toOpaque()), ordering: .relaxed)
                entryWord(count).pointee.store(registration, ordering: .releasing)
                return .kept(object)
            }
            state = original
        }
    }

    /// The chunk after this full one, made if there is none yet.
    private func nextChunk() -> Unmanaged<GraphInstances> {
        if let next = next.load(ordering: .acquiring) { return next }
        let made = Unmanaged.passRetained(GraphInstances())
        let (exchanged, original) = next.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if exchanged { return made }
        made.release()
        return original.unsafelyUnwrapped
    }

    /// Releases the objects of this chunk's slots and empties them. Only when nothing else uses
    /// the chunk: plain loads and stores, no read-modify-write.
    private func releaseSlots() {
        let count = Self.count(state.load(ordering: .acquiring))
        for slot in 0..<count {
            // Acquiring: the object was stored before the identity was published, maybe by
            // another thread.
            guard entryWord(slot).pointee.load(ordering: .acquiring) != 0 else { continue }
            let object = objectWord(slot).pointee.load(ordering: .relaxed)
            entryWord(slot).pointee.store(0, ordering: .relaxed)
            if let object = UnsafeRawPointer(bitPattern: object) {
                Unmanaged<AnyObject>.fromOpaque(object).release()
            }
        }
        state.store(0, ordering: .relaxed)
    }

    @inline(__always)
    private static func word(for entry: Entry) -> UInt {
        entry.graphIdentity
    }

    /// `entry`'s bit in the filter, above the count: identities are consecutive, so registrations
    /// made one after another get distinct bits (the six indexes that would fall on the count
    /// fold onto the first six).
    @inline(__always)
    private static func filterBit(_ entry: Entry) -> UInt64 {
        let index = UInt64(entry.graphIdentity & 63)
        return 1 << (index < countBits ? index &+ countBits : index)
    }
}

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
/// factory resolving from other threads), so slots are lock-free: a step claims a slot by
/// advancing `claimed` with a compare-and-exchange, fills it, then publishes it with a release
/// store of its registration's identity. Lookups scan the published slots oldest first. Before
/// claiming, a step looks at every slot claimed since its lookup: if one is for the same registration it
/// takes that instance instead of its own (waiting, if need be, for the slot to be published —
/// its owner is between two stores), so all steps of a resolution get the instance kept first.
///
/// Ownership (case 4 of `Internal/README.md`): a slot retains its object until the resolution ends
/// (`removeAll()`, `deinit`); lookups hand objects out unretained. It does not keep the
/// registration: identities are never reused, so an entry replaced and freed while the
/// resolution runs cannot be mistaken for another.
///
/// `@unchecked Sendable`, reviewed: the slot storage is a pointer that only this object uses; every
/// word in it, and `claimed` and `next`, is atomic.
final class GraphInstances: @unchecked Sendable {
    private static let capacity = 16

    /// Two words per slot: the registration (its `graphIdentity`, 0 until published) and the
    /// object (a retained `AnyObject`).
    private let words: UnsafeMutablePointer<Atomic<UInt>>
    /// Slots claimed so far (may pass `capacity`: then the next chunk takes the instance).
    private let claimed = Atomic<Int>(0)
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

    /// The object kept for `entry`, if any, unretained.
    @inline(__always)
    func object(for entry: Entry) -> Unmanaged<AnyObject>? {
        let registration = Self.word(for: entry)
        var chunk = Unmanaged.passUnretained(self)
        while true {
            let (found, next) = chunk._withUnsafeGuaranteedRef { chunk in
                (chunk.publishedObject(for: registration), chunk.next.load(ordering: .acquiring))
            }
            if let found { return found }
            guard let next else { return nil }
            chunk = next
        }
    }

    /// The slots of this chunk claimed so far, for `keep(_:for:checkingFrom:)`.
    var firstChunkClaimed: Int { claimed.load(ordering: .acquiring) }

    /// Keeps `ours` (retained: the reference moves here) for `entry` and returns it, unretained,
    /// or the object a concurrent step kept for `entry` first. The caller knows that the slots of
    /// this chunk before `start` hold other registrations.
    func keep(_ ours: Unmanaged<AnyObject>, for entry: Entry, checkingFrom start: Int) -> Unmanaged<AnyObject> {
        let registration = Self.word(for: entry)
        var chunk = Unmanaged.passUnretained(self)
        var checked = start
        while true {
            let kept = chunk._withUnsafeGuaranteedRef {
                $0.claimSlot(ours, registration: registration, checkingFrom: checked)
            }
            checked = 0
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
    private func publishedObject(for registration: UInt) -> Unmanaged<AnyObject>? {
        let count = min(claimed.load(ordering: .relaxed), Self.capacity)
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
    /// registration's.
    private func claimSlot(_ object: Unmanaged<AnyObject>, registration: UInt, checkingFrom start: Int) -> Claim {
        var checked = start
        var count = claimed.load(ordering: .acquiring)
        while true {
            // Slots claimed since the last look: one may hold this registration's instance.
            while checked < min(count, Self.capacity) {
                var published = entryWord(checked).pointee.load(ordering: .acquiring)
                while published == 0 {
                    // Claimed, not yet published: its owner is between two stores.
                    sched_yield()
                    published = entryWord(checked).pointee.load(ordering: .acquiring)
                }
                if published == registration { return .kept(objectAt(checked)) }
                checked &+= 1
            }
            guard count < Self.capacity else { return .full }
            let (exchanged, original) = claimed.compareExchange(
                expected: count, desired: count &+ 1, ordering: .acquiringAndReleasing)
            if exchanged {
                objectWord(count).pointee.store(UInt(bitPattern: object.toOpaque()), ordering: .relaxed)
                entryWord(count).pointee.store(registration, ordering: .releasing)
                return .kept(object)
            }
            count = original
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
        let count = min(claimed.load(ordering: .acquiring), Self.capacity)
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
        claimed.store(0, ordering: .relaxed)
    }

    @inline(__always)
    private static func word(for entry: Entry) -> UInt {
        entry.graphIdentity
    }
}

import Locking
import Synchronization

/// The class of a registration without runtime arguments (`FactoryBox<S, Void>`), by service
/// type, for `register`. Making an instance of a generic class asks the runtime for its metadata
/// first, a hashed lookup of about 350 instructions — a fifth of registering a service; this
/// table answers in a few tens, for every container after the first that registers `S` (tests
/// and override scopes make many).
///
/// Lock-free for readers: an open-addressing table of atomic words, at most half full; a writer
/// (under the lock) fills a slot's value before its key, so a reader that sees the key sees the
/// value. A full table is replaced by a larger copy; the old one is kept (by the new one) rather
/// than freed, since a reader may still be probing it — class metadata is never unloaded, so
/// the table only ever grows, to a few kilobytes for an app's worth of types.
final class EntryClasses: Sendable {
    static let shared = EntryClasses()

    /// `@unchecked Sendable`, reviewed: every stored property is a `let`; the slots are atomics,
    /// written only under `EntryClasses.lock`, read by anyone; the memory lives as long as the
    /// table, and tables are never released while the cache is (it is a process-wide constant).
    private final class Table: @unchecked Sendable {
        let mask: Int
        /// `ObjectIdentifier(S.self)`'s bits, 0 for an empty slot.
        let keys: UnsafeMutablePointer<Atomic<UInt>>
        /// `ObjectIdentifier(FactoryBox<S, Void>.self)`'s bits.
        let values: UnsafeMutablePointer<Atomic<UInt>>
        /// The table this one replaced, kept for readers that may still probe it.
        let previous: Table?

        init(capacity: Int, previous: Table?) {
            mask = capacity - 1
            keys = .allocate(capacity: capacity)
            values = .allocate(capacity: capacity)
            for index in 0..<capacity {
                (keys + index).initialize(to: Atomic(0))
                (values + index).initialize(to: Atomic(0))
            }
            self.previous = previous
        }

        deinit {
            keys.deinitialize(count: mask + 1)
            values.deinitialize(count: mask + 1)
            keys.deallocate()
            values.deallocate()
        }

        /// The value for `key`, or 0.
        func value(for key: UInt) -> UInt {
            var index = Self.start(key) & mask
            while true {
                let found = keys[index].load(ordering: .acquiring)
                if found == key { return values[index].load(ordering: .relaxed) }
                if found == 0 { return 0 }
                index = (index + 1) & mask
            }
        }

        /// Stores `value` for `key` (absent); only under the lock, with room left.
        func insert(_ value: UInt, for key: UInt) {
            var index = Self.start(key) & mask
            while keys[index].load(ordering: .relaxed) != 0 {
                index = (index + 1) & mask
            }
            values[index].store(value, ordering: .relaxed)
            keys[index].store(key, ordering: .releasing)
        }

        /// Where `key`'s probe starts: metadata addresses are aligned, so mix the high bits in.
        private static func start(_ key: UInt) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32)
        }
    }

    /// The current table, retained here and never released.
    private let current = Atomic<Unmanaged<Table>>(Unmanaged.passRetained(Table(capacity: 64, previous: nil)))
    /// How many types the current table holds; taken by writers.
    private let count = Locked(0)

    /// `FactoryBox<S, Void>`, looked up once per service type.
    @inline(__always)
    func plainFactoryBox<S>(for _: S.Type) -> FactoryBox<S, Void>.Type {
        let key = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(S.self)))
        let found = current.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.value(for: key) }
        guard found != 0 else { return add(S.self, key: key) }
        return Self.type(found, as: S.self)
    }

    @inline(never)
    private func add<S>(_: S.Type, key: UInt) -> FactoryBox<S, Void>.Type {
        let type = FactoryBox<S, Void>.self
        let value = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(type)))
        count.withLock { count in
            var table = current.load(ordering: .acquiring).takeUnretainedValue()
            guard table.value(for: key) == 0 else { return }
            if (count + 1) * 2 > table.mask + 1 {
                let larger = Table(capacity: (table.mask + 1) * 2, previous: table)
                for index in 0...table.mask {
                    let old = table.keys[index].load(ordering: .relaxed)
                    if old != 0 { larger.insert(table.values[index].load(ordering: .relaxed), for: old) }
                }
                // `larger.previous` keeps the old table; the atomic's own reference goes.
                let replaced = current.exchange(Unmanaged.passRetained(larger), ordering: .acquiringAndReleasing)
                replaced.release()
                table = larger
            }
            table.insert(value, for: key)
            count += 1
        }
        return type
    }

    /// The class whose identifier's bits are `bits`, as the type it was stored for.
    private static func type<S>(_ bits: UInt, as _: S.Type) -> FactoryBox<S, Void>.Type {
        // Stored only by `add`, from `FactoryBox<S, Void>.self` for this very `S`.
        unsafeBitCast(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped, to: FactoryBox<S, Void>.Type.self)
    }
}

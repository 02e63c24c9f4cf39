/// An immutable open-addressing hash table from `Key` to `Entry`, at most half full, probed
/// linearly. It hashes a key with a few multiplications (`Key.tableHash`) instead of `Hasher`, so
/// a lookup costs a few tens of instructions whatever the number of registrations, and takes the
/// hash's top bits as the first slot: they mix every bit of the type's address, where the low
/// bits of a product see only the low bits of its factors (metadata of types declared together
/// lies at regular strides, which low bits turn into collisions).
///
/// `@unchecked Sendable`, reviewed: every stored property is written once, in `init`, and only
/// read afterwards; `entries` keeps alive every entry the slots point to.
final class LookupTable: @unchecked Sendable {
    private let entries: [Entry]
    private let slots: UnsafeMutableBufferPointer<Unmanaged<Entry>?>
    private let mask: Int
    /// 64 minus the number of bits of a slot's index.
    private let shift: Int

    init(entries: [Entry]) {
        var capacity = 8
        var bits = 3
        while capacity < entries.count * 2 {
            capacity <<= 1
            bits += 1
        }
        let shift = UInt.bitWidth - bits
        let slots = UnsafeMutableBufferPointer<Unmanaged<Entry>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil)
        let mask = capacity - 1
        for entry in entries {
            var index = Self.firstSlot(entry.key, shift: shift)
            while slots[index] != nil {
                index = (index + 1) & mask
            }
            slots[index] = Unmanaged.passUnretained(entry)
        }
        self.entries = entries
        self.slots = slots
        self.mask = mask
        self.shift = shift
    }

    deinit {
        slots.deallocate()
    }

    /// The entry for `key`, unretained: valid while this table is (see `Reclamation`).
    @inline(__always)
    func entry(for key: Key) -> Unmanaged<Entry>? {
        var index = Self.firstSlot(key, shift: shift)
        while let candidate = slots[index] {
            if candidate._withUnsafeGuaranteedRef({ $0.key == key }) { return candidate }
            index = (index + 1) & mask
        }
        return nil
    }

    @inline(__always)
    private static func firstSlot(_ key: Key, shift: Int) -> Int {
        Int(bitPattern: UInt(bitPattern: key.tableHash) &>> UInt(bitPattern: shift))
    }
}

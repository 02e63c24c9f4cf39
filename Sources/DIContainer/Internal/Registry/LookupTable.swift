/// An immutable open-addressing hash table from `Key` to `Entry`, at most half full, probed
/// linearly. It hashes a key with a few multiplications (`Key.tableHash`) instead of `Hasher`, so
/// a lookup costs a few tens of instructions whatever the number of registrations.
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

    /// The entry for `key`, unretained: valid while this table is (see `Reclamation`).
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

/// What a registration is found by: the service type, an optional name and the types of the
/// runtime arguments its factory takes (`Void` for none). Typed, never a string.
struct Key: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: Name?
    let arguments: ObjectIdentifier

    /// The argument types of a registration without runtime arguments.
    static var noArguments: ObjectIdentifier { ObjectIdentifier(Void.self) }

    /// The same key for another service type (a `Lazy`'s or an `Optional`'s wrapped type).
    func withType(_ type: Any.Type) -> Key {
        Key(type: ObjectIdentifier(type), name: name, arguments: arguments)
    }

    /// One mixed word instead of three fields (a name's text hash is computed when it is made).
    func hash(into hasher: inout Hasher) { hasher.combine(word) }

    /// What dictionaries hash: the word, finalized with a multiply-xorshift mix instead of
    /// SipHash, which cost more than the rest of a lookup (keys are types, not attacker input).
    func _rawHashValue(seed: Int) -> Int {
        Self.mix(word, seed: seed)
    }

    /// A multiply-xorshift finalizer of `word` and a dictionary's seed.
    static func mix(_ word: UInt, seed: Int) -> Int {
        var hash = word ^ UInt(bitPattern: seed)
        hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(bitPattern: hash ^ (hash >> 33))
    }

    private var word: UInt {
        let hash = UInt(bitPattern: Int(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15
        return hash ^ UInt(bitPattern: Int(bitPattern: arguments)) &* 0xC2B2_AE3D_27D4_EB4F ^ UInt(bitPattern: name?.textHash ?? 0)
    }
}

extension Key {
    init<S, each A>(_ service: S.Type, name: Name?, arguments: (repeat each A).Type) {
        self.init(type: ObjectIdentifier(service), name: name, arguments: ObjectIdentifier(arguments))
    }
}

/// A registration entry's identity as a dictionary key, hashed like `Key`: hashed with SipHash,
/// as an `ObjectIdentifier` key is, it would cost validation more than its lookups do.
struct EntryID: Hashable, Sendable {
    private let id: ObjectIdentifier

    init(_ entry: Entry) {
        id = ObjectIdentifier(entry)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    func _rawHashValue(seed: Int) -> Int {
        Key.mix(UInt(bitPattern: Int(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15, seed: seed)
    }
}

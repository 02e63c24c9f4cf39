/// What a registration is found by: the service type, an optional name and the types of the
/// runtime arguments its factory takes (`Void` for none). Typed, never a string.
struct Key: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: Name?
    let arguments: ObjectIdentifier

    init(type: ObjectIdentifier, name: Name?, arguments: ObjectIdentifier) {
        self.type = type
        self.name = name
        self.arguments = arguments
    }

    init<S, each A>(_ service: S.Type, name: Name?, arguments: (repeat each A).Type) {
        self.init(type: ObjectIdentifier(service), name: name, arguments: ObjectIdentifier(arguments))
    }

    static var noArguments: ObjectIdentifier { ObjectIdentifier(Void.self) }

    static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.type == rhs.type && lhs.arguments == rhs.arguments && lhs.name == rhs.name
    }

    /// Feeds `Hasher` one word (the cheap hash below) instead of three fields and a string hash.
    func hash(into hasher: inout Hasher) {
        hasher.combine(tableHash)
    }

    /// A cheap, well-mixed hash for `LookupTable` (not `Hasher`: that is SipHash, made to resist
    /// hash flooding, which keys chosen by the program's own registrations do not need).
    @inline(__always)
    var tableHash: Int {
        var hash = UInt(bitPattern: Int(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt(bitPattern: Int(bitPattern: arguments)) &* 0xC2B2_AE3D_27D4_EB4F
        if let name { hash ^= UInt(bitPattern: name.textHash) &* 0x1656_67B1_9E37_79F9 }
        hash ^= hash >> 31
        return Int(bitPattern: hash)
    }
}

/// How a type reads in messages, paths and graphs: `CourseRepository`, not `any CourseRepository`.
func displayName(of type: Any.Type) -> String {
    String(describing: type)
}

/// The type names of a parameter pack, in order.
func typeNames<each A>(of _: repeat (each A).Type) -> [String] {
    var names: [String] = []
    for type in repeat (each A).self {
        names.append(displayName(of: type))
    }
    return names
}

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

    /// The argument types of a registration without runtime arguments.
    static var noArguments: ObjectIdentifier { ObjectIdentifier(Void.self) }

    /// The same key for another service type (a `Lazy`'s or an `Optional`'s wrapped type).
    func withType(_ type: Any.Type) -> Key {
        Key(type: ObjectIdentifier(type), name: name, arguments: arguments)
    }

    /// One mixed word instead of three fields: the name's text hash is computed once, when the
    /// name is made.
    func hash(into hasher: inout Hasher) {
        var hash = UInt(bitPattern: Int(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt(bitPattern: Int(bitPattern: arguments)) &* 0xC2B2_AE3D_27D4_EB4F
        if let name { hash ^= UInt(bitPattern: name.textHash) }
        hasher.combine(hash)
    }
}

/// How a type reads in messages, paths and graphs: `CourseRepository`, not `any CourseRepository`.
func displayName(of type: Any.Type) -> String {
    String(describing: type)
}

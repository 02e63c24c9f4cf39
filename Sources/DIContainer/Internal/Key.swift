/// What a registration is found by: the service type, an optional name and the types of the
/// runtime arguments its factory takes (`Void` for none). Typed, never a string.
struct Key: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: Name?
    let arguments: ObjectIdentifier

    @inlinable
    init(type: ObjectIdentifier, name: Name?, arguments: ObjectIdentifier) {
        self.type = type
        self.name = name
        self.arguments = arguments
    }

    @inlinable
    init<S, each A>(_ service: S.Type, name: Name?, arguments: (repeat each A).Type) {
        self.init(type: ObjectIdentifier(service), name: name, arguments: ObjectIdentifier(arguments))
    }

    static let noArguments = ObjectIdentifier(Void.self)
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

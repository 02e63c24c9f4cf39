/// A registration's identity in readable form: the service type, its name, and the types of the
/// runtime arguments it takes. It appears in errors, paths, introspection and graphs.
///
/// ```swift
/// print(error.path.map(\.description).joined(separator: " → "))
/// // MainPresenter → GetMainUseCase (name: local) → CourseRepository (name: local)
/// ```
public struct ServiceKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The service type as written in Swift: `CourseRepository`, `Array<Int>`.
    public let typeName: String
    /// The registration's name, `nil` for the unnamed registration.
    public let name: Name?
    /// The types of the runtime arguments, in order; empty when it takes none.
    public let argumentTypeNames: [String]

    public init(typeName: String, name: Name? = nil, argumentTypeNames: [String] = []) {
        self.typeName = typeName
        self.name = name
        self.argumentTypeNames = argumentTypeNames
    }

    /// `CourseRepository (name: local)`, or just the type name when unnamed.
    public var description: String {
        var text = typeName
        if let name { text += " (name: \(name))" }
        return text
    }

    /// The argument list as written in messages: `(Int, String)`.
    var argumentList: String {
        "(" + argumentTypeNames.joined(separator: ", ") + ")"
    }

    public static func < (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        (lhs.typeName, lhs.name?.rawValue ?? "", lhs.argumentTypeNames.joined(separator: ","))
            < (rhs.typeName, rhs.name?.rawValue ?? "", rhs.argumentTypeNames.joined(separator: ","))
    }
}

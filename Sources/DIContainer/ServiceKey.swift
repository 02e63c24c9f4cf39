/// A registration's identity in readable form: the service type, its name, and the types of the
/// runtime arguments it takes. It appears in errors, paths, introspection and graphs.
///
/// ```swift
/// print(error.path.map(\.description).joined(separator: " → "))
/// // MainPresenter → GetMainUseCase (name: local) → CourseRepository (name: local)
/// ```
public struct ServiceKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The service type as written in Swift, without its module: `CourseRepository`, `Feed.Item`,
    /// `Array<Int>`.
    public let typeName: String
    /// The registration's name, `nil` for the unnamed registration.
    public let name: Name?
    /// The types of the runtime arguments, in order; empty when it takes none.
    public let argumentTypeNames: [String]
    /// The module that declares the service type (`Infrastructure` for `any CacheStore`), or
    /// `nil` when it is not known: for a key made from text, or a type no module declares (a
    /// function or tuple type). The graph export groups registrations by it.
    ///
    /// Not part of the key's identity: two keys are equal when their type names, names and
    /// argument types are.
    public let moduleName: String?

    /// Creates a key from its readable parts.
    ///
    /// - Parameters:
    ///   - typeName: The service type as written in Swift.
    ///   - name: The registration's name, `nil` for the unnamed registration.
    ///   - argumentTypeNames: The types of the runtime arguments, in order.
    ///   - moduleName: The module that declares the service type, if known.
    public init(typeName: String, name: Name? = nil, argumentTypeNames: [String] = [], moduleName: String? = nil) {
        self.typeName = typeName
        self.name = name
        self.argumentTypeNames = argumentTypeNames
        self.moduleName = moduleName
    }

    /// The key of `type` registered under `name` with runtime arguments of `argumentTypes`.
    init(_ type: Any.Type, name: Name?, argumentTypes: [Any.Type]) {
        self.init(
            typeName: displayName(of: type), name: name, argumentTypeNames: argumentTypes.map(displayName(of:)),
            moduleName: Self.module(of: type))
    }

    /// The first component of the type's fully qualified name (`any Domain.CourseRepository` →
    /// `Domain`), or `nil` when the name does not start with a module (function and tuple types).
    static func module(of type: Any.Type) -> String? {
        var qualified = Substring(String(reflecting: type))
        for prefix in ["any ", "some "] where qualified.hasPrefix(prefix) {
            qualified = qualified.dropFirst(prefix.count)
        }
        guard let first = qualified.first, first.isLetter || first == "_",
            let dot = qualified.firstIndex(of: ".")
        else { return nil }
        let module = qualified[..<dot]
        guard module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(module)
    }

    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.typeName == rhs.typeName && lhs.name == rhs.name && lhs.argumentTypeNames == rhs.argumentTypeNames
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(name)
        hasher.combine(argumentTypeNames)
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

/// How a type reads in messages, paths and graphs: as written in Swift, with its enclosing types
/// and without its module: `Feed.Item` (not `Item`, which `Cart.Item` would also be),
/// `Lazy<Feed.Item>`, `Optional<Int>`, `(Int, Feed.Item)`, `CourseRepository` for
/// `any CourseRepository`.
///
/// Made from the fully qualified name (`String(reflecting:)`), whose every qualified path starts
/// with its module: that first component is dropped, and so is the `(unknown context at $…)` of a
/// type declared in a function or as `private`, which has no name to show (two such types of one
/// name read alike).
func displayName(of type: Any.Type) -> String {
    var result = ""
    var rest = Substring(String(reflecting: type))
    var isInPath = false  // whether the next name continues a path whose module was dropped
    while let first = rest.first {
        if rest.hasPrefix(unknownContext), let close = rest.firstIndex(of: ")") {
            rest = rest[rest.index(after: close)...]
            if rest.first == "." { rest = rest.dropFirst() }
        } else if isIdentifierStart(first) {
            let name = rest.prefix(while: isIdentifierPart)
            rest = rest[name.endIndex...]
            // A qualified path starts with its module: the name before the first `.`.
            let startsPath = !isInPath && result.last != "." && !(result.last.map(isIdentifierPart) ?? false)
            if startsPath, rest.first == "." {
                rest = rest.dropFirst()
                isInPath = true
            } else {
                result += name
                isInPath = false
            }
        } else {
            result.append(first)
            rest = rest.dropFirst()
        }
    }
    return result
}

/// What a type declared where it has no name (in a function, or `private`) shows in its place.
private let unknownContext = "(unknown context at $"

private func isIdentifierStart(_ character: Character) -> Bool {
    character.isLetter || character == "_"
}

private func isIdentifierPart(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
}

/// Type names compared as text: the checker has no type checker, so two spellings of a type
/// match when their normal forms are equal. The normal form drops spaces, redundant parentheses
/// around `any P`, and the module qualification of the modules it was given
/// (`Domain.CourseRepository` is `CourseRepository`); `Optional<T>` is `T?`.
enum TypeText {
    /// The normal form of `text`, given the modules whose names qualify types.
    static func normalize(_ text: String, modules: Set<String>) -> String {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace, let last = result.last, isIdentifierPart(last), isIdentifierPart(character) { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        while result.hasPrefix("("), result.hasSuffix(")"), isBalancedGroup(result) {
            result = String(result.dropFirst().dropLast())
        }
        if result.hasPrefix("Optional<"), result.hasSuffix(">") {
            result = normalize(String(result.dropFirst("Optional<".count).dropLast()), modules: modules) + "?"
        }
        // Only a qualified name has a module to drop.
        if result.utf8.contains(UInt8(ascii: ".")) {
            for module in modules {
                result = result.removingQualifier(module)
            }
            result = result.removingQualifier("Swift")
        }
        return result
    }

    /// A letter, digit or underscore.
    static func isIdentifierPart(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Whether `text` is one parenthesized group: `(any P)`, not `(A)->(B)`.
    private static func isBalancedGroup(_ text: String) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0, offset < text.count - 1 { return false }
        }
        return true
    }

    /// What a handle or optional wraps: `Lazy<T>` → (`T`, .lazy), `T?` → (`T`, .optional).
    static func unwrap(_ type: String) -> (type: String, wrapper: Wrapper) {
        for (prefix, wrapper) in [("Lazy<", Wrapper.lazy), ("Provider<", .provider)]
        where type.hasPrefix(prefix) && type.hasSuffix(">") {
            return (String(type.dropFirst(prefix.count).dropLast()), wrapper)
        }
        if type.hasSuffix("?") || type.hasSuffix("!") {
            var inner = String(type.dropLast())
            if inner.hasPrefix("("), inner.hasSuffix(")") { inner = String(inner.dropFirst().dropLast()) }
            return (inner, .optional)
        }
        return (type, .none)
    }

    /// How a requirement wraps the service it asks for.
    enum Wrapper {
        case none
        case optional
        case lazy
        case provider
    }

    /// Whether the text names a generic parameter or something else the checker cannot compare:
    /// a single identifier in `generics`.
    static func isGenericParameter(_ type: String, generics: Set<String>) -> Bool {
        generics.contains(type) || generics.contains(where: { type.hasPrefix($0 + ".") })
    }
}

extension String {
    /// Drops `module.` where it starts a type path.
    fileprivate func removingQualifier(_ module: String) -> String {
        let prefix = module + "."
        guard contains(prefix) else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: prefix) {
            let before = rest[..<range.lowerBound]
            let previous = before.last ?? result.last
            let startsPath = previous.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
            result += before
            if !startsPath { result += prefix }
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

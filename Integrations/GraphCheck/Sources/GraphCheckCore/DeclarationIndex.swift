import SwiftSyntax

/// The declarations the checker reads besides registrations: `Name`, `Scope` and `Lifetime`
/// constants, type aliases, the initializers of types registered with `initializer: T.init`,
/// and functions (for registrations made by a helper for its caller).
struct DeclarationIndex {
    /// `static let local: Name = "local"` → `local: "local"`.
    var names: [String: String] = [:]
    var scopes: [String: String] = [:]
    /// Lifetime constants, as expressions (evaluated once scopes are known).
    var lifetimes: [String: ExprSyntax] = [:]
    /// `typealias Store = CacheStore`, by alias.
    var typeAliases: [String: String] = [:]
    /// Protocols declared in the sources: `Store.self` is `(any Store).self`.
    var protocols: Set<String> = []
    /// Types by their simple name (the last component): several types may share one.
    var types: [String: [TypeDeclaration]] = [:]
    /// Functions by name, with their file.
    var functions: [String: [(decl: FunctionDeclSyntax, file: ParsedFile)]] = [:]
    /// Whether some container is made with another default lifetime (`defaultLifetime:`): then
    /// a registration without a lifetime has an unknown one.
    var changesDefaultLifetime = false

    /// A type's initializers as the checker read them.
    struct TypeDeclaration: Sendable {
        var qualifiedName: String
        var isStruct: Bool
        var isGeneric: Bool
        /// Each explicit initializer's parameters: labels and type texts; `nil` for a failable
        /// or variadic one.
        var initializers: [[(label: String, type: String)]?] = []
        /// A struct's stored properties without a value, in order (its memberwise initializer),
        /// with those that have one (they become defaulted parameters).
        var storedProperties: [(label: String, type: String?)] = []
    }

    /// Reads the protocols and type aliases of a file that is not parsed, from its text.
    mutating func scan(_ source: SourceFile, modules: Set<String>) {
        for line in source.text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let keyword = words.firstIndex(of: "protocol"), keyword + 1 < words.count,
                words[..<keyword].allSatisfy({ Self.modifiers.contains(String($0)) })
            {
                let name = words[keyword + 1].prefix { TypeText.isIdentifierPart($0) }
                if !name.isEmpty { protocols.insert(String(name)) }
            }
            if let keyword = words.firstIndex(of: "typealias"), keyword + 3 < words.count, words[keyword + 2] == "=",
                words[..<keyword].allSatisfy({ Self.modifiers.contains(String($0)) })
            {
                let alias = String(words[keyword + 1])
                let target = words[(keyword + 3)...].joined(separator: " ")
                if alias.allSatisfy(TypeText.isIdentifierPart), typeAliases[alias] == nil {
                    typeAliases[alias] = TypeText.normalize(target, modules: modules)
                }
            }
        }
    }

    private static let modifiers: Set<String> = ["public", "internal", "package", "fileprivate", "private", "open", "@MainActor"]

    /// Adds what `file` declares (read when it was parsed); a later file's constant replaces an
    /// earlier one's.
    mutating func read(_ file: ParsedFile) {
        let found = file.declarations
        for (key, value) in found.names { names[key] = value }
        for (key, value) in found.scopes { scopes[key] = value }
        for (key, value) in found.lifetimes { lifetimes[key] = value }
        for (key, value) in found.typeAliases { typeAliases[key] = value }
        protocols.formUnion(found.protocols)
        for declaration in found.types {
            let simple = declaration.qualifiedName.split(separator: ".").last.map(String.init) ?? declaration.qualifiedName
            var known = types[simple] ?? []
            if let index = known.firstIndex(where: { $0.qualifiedName == declaration.qualifiedName }) {
                known[index].initializers += declaration.initializers
                known[index].storedProperties += declaration.storedProperties
                known[index].isStruct = known[index].isStruct || declaration.isStruct
                known[index].isGeneric = known[index].isGeneric || declaration.isGeneric
            } else {
                known.append(declaration)
            }
            types[simple] = known
        }
        for function in found.functions { functions[function.name.text, default: []].append((function, file)) }
        changesDefaultLifetime = changesDefaultLifetime || found.changesDefaultLifetime
    }

    /// The parameter types of `type`'s initializer, when the sources declare exactly one that
    /// fits (`labels`, from `T.init(a:b:)`, choose among several); else why not.
    func initializer(of type: String, labels: [String]?) -> Result<[String], Unreadable> {
        let simple = type.split(separator: ".").last.map(String.init) ?? type
        let candidates = (types[simple] ?? []).filter {
            $0.qualifiedName == type || $0.qualifiedName.hasSuffix("." + type) || type.hasSuffix($0.qualifiedName)
        }
        guard candidates.count == 1, let declaration = candidates.first else {
            return .failure(
                Unreadable(
                    candidates.isEmpty
                        ? "\(type) is not declared in the sources the checker was given" : "\(type) is declared more than once"))
        }
        if declaration.isGeneric { return .failure(Unreadable("\(type) is generic")) }
        var inits = declaration.initializers
        if inits.isEmpty {
            if declaration.isStruct {
                inits = [declaration.storedProperties.map { ($0.label, $0.type ?? "") }]
                if declaration.storedProperties.contains(where: { $0.type == nil }) {
                    return .failure(Unreadable("a stored property of \(type) has no written type"))
                }
            } else {
                inits = [[]]
            }
        }
        if let labels {
            inits = inits.filter { candidate in candidate.map { $0.map(\.label) == labels } ?? false }
        }
        guard inits.count == 1, let only = inits.first else {
            return .failure(Unreadable(inits.isEmpty ? "no initializer of \(type) fits" : "\(type) has several initializers"))
        }
        guard let parameters = only else { return .failure(Unreadable("\(type)'s initializer is failable or variadic")) }
        return .success(parameters.map(\.type))
    }

    /// Why the checker could not read something.
    struct Unreadable: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

/// What one file declares, as the index reads it: read when the file is parsed (files are parsed
/// side by side), added to the index in the order of the files.
struct FileDeclarations: Sendable {
    var names: [String: String]
    var scopes: [String: String]
    var lifetimes: [String: ExprSyntax]
    var typeAliases: [String: String]
    var types: [DeclarationIndex.TypeDeclaration]
    var functions: [FunctionDeclSyntax]
    var protocols: Set<String>
    /// Whether some container in the file is made with another default lifetime.
    var changesDefaultLifetime: Bool

    /// The declarations of `tree`, the parsed `text`.
    init(_ tree: SourceFileSyntax, text: String, modules: Set<String>) {
        let visitor = DeclarationVisitor(modules: modules)
        visitor.walk(tree)
        (names, scopes, lifetimes, typeAliases) = (visitor.names, visitor.scopes, visitor.lifetimes, visitor.typeAliases)
        (types, functions, protocols) = (visitor.types, visitor.functions, visitor.protocols)
        changesDefaultLifetime = text.contains("defaultLifetime:")
    }
}

/// Collects the declarations of one file.
private final class DeclarationVisitor: SyntaxVisitor {
    let modules: Set<String>
    var names: [String: String] = [:]
    var scopes: [String: String] = [:]
    var lifetimes: [String: ExprSyntax] = [:]
    var typeAliases: [String: String] = [:]
    var types: [DeclarationIndex.TypeDeclaration] = []
    var functions: [FunctionDeclSyntax] = []
    var protocols: Set<String> = []

    init(modules: Set<String>) {
        self.modules = modules
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = TypeText.normalize(node.extendedType.trimmedText, modules: modules)
        switch extended {
        case "Name", "Scope", "Lifetime":
            for member in node.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value
                    else { continue }
                    switch extended {
                    case "Name": if let text = Self.constructedString(value, type: "Name") { names[identifier] = text }
                    case "Scope": if let text = Self.constructedString(value, type: "Scope") { scopes[identifier] = text }
                    default: lifetimes[identifier] = value
                    }
                }
            }
        default:
            types.append(declaration(named: extended, members: node.memberBlock, isStruct: false, isGeneric: false, isExtension: true))
        }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(
            declaration(
                named: qualified(node.name.text, node), members: node.memberBlock, isStruct: true,
                isGeneric: node.genericParameterClause != nil, isExtension: false))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(
            declaration(
                named: qualified(node.name.text, node), members: node.memberBlock, isStruct: false,
                isGeneric: node.genericParameterClause != nil, isExtension: false))
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(
            declaration(
                named: qualified(node.name.text, node), members: node.memberBlock, isStruct: false,
                isGeneric: node.genericParameterClause != nil, isExtension: false))
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        protocols.insert(node.name.text)
        return .skipChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.genericParameterClause == nil {
            typeAliases[node.name.text] = TypeText.normalize(node.initializer.value.trimmedText, modules: modules)
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functions.append(node)
        return .visitChildren
    }

    /// The statements of a function or initializer declare nothing the checker reads.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        .skipChildren
    }

    /// `Outer.Inner` for a type nested in others.
    private func qualified(_ name: String, _ node: some SyntaxProtocol) -> String {
        var parts = [name]
        var current = node.parent
        while let parent = current {
            if let outer = parent.as(StructDeclSyntax.self) { parts.insert(outer.name.text, at: 0) }
            if let outer = parent.as(ClassDeclSyntax.self) { parts.insert(outer.name.text, at: 0) }
            if let outer = parent.as(EnumDeclSyntax.self) { parts.insert(outer.name.text, at: 0) }
            if let outer = parent.as(ActorDeclSyntax.self) { parts.insert(outer.name.text, at: 0) }
            if let outer = parent.as(ExtensionDeclSyntax.self) {
                parts.insert(TypeText.normalize(outer.extendedType.trimmedText, modules: modules), at: 0)
            }
            current = parent.parent
        }
        return parts.joined(separator: ".")
    }

    private func declaration(
        named name: String, members: MemberBlockSyntax, isStruct: Bool, isGeneric: Bool, isExtension: Bool
    ) -> DeclarationIndex.TypeDeclaration {
        var declaration = DeclarationIndex.TypeDeclaration(qualifiedName: name, isStruct: isStruct, isGeneric: isGeneric)
        for member in members.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                let parameters = initializer.signature.parameterClause.parameters
                let isUnreadable =
                    initializer.optionalMark != nil || initializer.genericParameterClause != nil
                    || parameters.contains { $0.ellipsis != nil }
                declaration.initializers.append(
                    isUnreadable
                        ? nil
                        : parameters.map { ($0.firstName.text, TypeText.normalize($0.type.trimmedText, modules: modules)) })
            } else if !isExtension, let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" })
            {
                for binding in variable.bindings where binding.accessorBlock == nil || Self.isObserved(binding) {
                    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    // A `let` with a value is no parameter of the memberwise initializer.
                    if variable.bindingSpecifier.text == "let", binding.initializer != nil { continue }
                    if binding.initializer != nil { continue }  // a `var` with a value: a defaulted parameter, still resolved
                    let type = binding.typeAnnotation.map { TypeText.normalize($0.type.trimmedText, modules: modules) }
                    declaration.storedProperties.append((identifier, type))
                }
            }
        }
        return declaration
    }

    /// A property with `willSet`/`didSet` only is stored.
    private static func isObserved(_ binding: PatternBindingSyntax) -> Bool {
        guard case .accessors(let accessors)? = binding.accessorBlock?.accessors else { return false }
        return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }

    /// `"x"`, `Name("x")` or `Name(rawValue: "x")`.
    static func constructedString(_ expression: ExprSyntax, type: String) -> String? {
        if let literal = stringLiteral(expression) { return literal }
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedText == type || call.calledExpression.trimmedText == "." + "init",
            let first = call.arguments.first, first.label == nil || first.label?.text == "rawValue"
        {
            return stringLiteral(first.expression)
        }
        return nil
    }
}

/// The text of a string literal without interpolation.
func stringLiteral(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
        let segment = literal.segments.first?.as(StringSegmentSyntax.self)
    else { return nil }
    return segment.content.text
}

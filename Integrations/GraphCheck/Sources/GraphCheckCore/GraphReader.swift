import SwiftSyntax

/// Reads registrations and requirements from parsed files.
struct GraphReader {
    let files: [ParsedFile]
    let index: DeclarationIndex
    let modules: Set<String>
    private(set) var registrations: [RegistrationRecord] = []
    private(set) var requirements: [Requirement] = []
    /// Assemblies applied with `apply(A(), B())`: each type, where, and the branches it is in.
    private(set) var applications: [(assembly: String, place: SourcePlace, branches: [RegistrationRecord.Branch])] = []
    /// Closures that belong to registrations: factories, variants, hooks.
    private var owned: [SyntaxIdentifierText: [(Int, RequirementRole)]] = [:]
    private let calls: [(file: ParsedFile, collector: FileCalls)]

    init(files: [ParsedFile], index: DeclarationIndex, modules: Set<String>) {
        self.files = files
        self.index = index
        self.modules = modules
        calls = files.map { ($0, $0.calls) }
    }

    /// Reads every registration, then every requirement.
    mutating func read() {
        for (file, collector) in calls {
            for call in collector.registrations where !file.marks(file.ignoredLines, file.place(of: call).line) {
                readRegistration(call, in: file)
            }
        }
        for (file, collector) in calls {
            for call in collector.callsByName["apply"] ?? [] where call.calledExpression.is(MemberAccessExprSyntax.self) {
                let context = SyntaxContext(of: call, in: file, owned: owned, modules: modules)
                for argument in call.arguments where argument.label == nil {
                    guard let made = argument.expression.as(FunctionCallExprSyntax.self),
                        let type = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    else { continue }
                    applications.append((normalized(type), file.place(of: argument), context.branches))
                }
            }
            for call in collector.resolves {
                let place = calleePlace(call, in: file)
                if file.marks(file.ignoredLines, place.line) || file.marks(file.providedLines, place.line) { continue }
                readResolve(call, at: place, in: file)
            }
        }
    }

    /// Where a call's name is: `register` in `container.register(…)`.
    private func calleePlace(_ call: FunctionCallExprSyntax, in file: ParsedFile) -> SourcePlace {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return file.place(of: member.declName) }
        return file.place(of: call.calledExpression)
    }

    // MARK: - Registrations

    /// One site that registers: the `register` call itself, or a call of the helper it is in.
    private struct Site {
        var type: String?
        var place: SourcePlace
        /// The helper's parameters bound to the call's arguments.
        var bound: [String: (ExprSyntax, ParsedFile)] = [:]
        var dynamicReason: String?
    }

    private mutating func readRegistration(_ call: FunctionCallExprSyntax, in file: ParsedFile) {
        guard let first = call.arguments.first else { return }
        let context = SyntaxContext(of: call, in: file, owned: owned, modules: modules)
        let place = calleePlace(call, in: file)
        var sites: [Site]
        if let type = metatype(first.expression) {
            sites = [Site(type: normalized(type), place: place)]
        } else if let parameter = first.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let function = context.function {
            guard let helperSites = helperSites(of: function, parameter: parameter, fallback: place) else { return }
            sites = helperSites
        } else {
            sites = [Site(place: place, dynamicReason: "its type is an expression the checker cannot read")]
        }
        // The call's arguments by label, the first of each, read once.
        var arguments: [String: ExprSyntax] = [:]
        for argument in call.arguments {
            if let label = argument.label?.text, arguments[label] == nil { arguments[label] = argument.expression }
        }
        var indices: [Int] = []
        for site in sites {
            var record = RegistrationRecord(
                type: site.type, name: evaluateName(arguments["name"], context: context, bound: site.bound),
                arguments: [], lifetime: evaluateLifetime(arguments["lifetime"], bound: site.bound), place: site.place)
            record.dynamicReason = site.dynamicReason
            if let type = site.type, TypeText.isGenericParameter(type, generics: context.generics) {
                record.type = nil
                record.dynamicReason = "its type is the generic parameter \(type)"
            }
            record.conditionalReason = context.conditionalReason
            record.branches = context.branches
            record.isOverride = context.isOverride
            if arguments["instance"] != nil {
                record.isInstance = true
                record.lifetime = .singleton
            }
            // A value handed into its scope when it opens (`providedBy:`): scoped, with no factory.
            if let scope = arguments["providedBy"] {
                record.lifetime = evaluateScope(scope).map(LifetimeValue.scoped) ?? .unknown("\(scope)")
            }
            let argumentType = arguments["argument"].flatMap(metatype).map(normalized)
            if let argumentType { record.arguments = [argumentType] }
            registrations.append(record)
            indices.append(registrations.count - 1)
        }
        // What the factory needs.
        let factory = call.trailingClosure ?? arguments["factory"]?.as(ClosureExprSyntax.self)
        if let factory {
            let runtimeArguments = closureArgumentTypes(factory)
            for index in indices { registrations[index].arguments = runtimeArguments }
            owned[file.identity(of: factory), default: []] += indices.map { ($0, .factory) }
        } else if let initializer = arguments["initializer"] {
            let dependencies = initializerDependencies(initializer, dropFirst: arguments["argument"] != nil, context: context)
            for index in indices {
                switch dependencies {
                case .success(let types):
                    for type in types {
                        let (service, wrapper) = unwrapped(type)
                        requirements.append(
                            Requirement(
                                type: service, name: .none, arguments: [], wrapper: wrapper, place: registrations[index].place,
                                role: .autoWired, conditionalReason: nil,
                                isGeneric: TypeText.isGenericParameter(service, generics: context.generics), owner: index))
                    }
                case .failure(let unreadable):
                    registrations[index].unknownDependencies = unreadable.reason
                }
            }
        } else if arguments["factory"] != nil {
            for index in indices { registrations[index].unknownDependencies = "its factory is a function the checker does not read" }
            for index in indices { registrations[index].arguments = nil }
        }
        readChain(from: call, indices: indices, in: file, context: context)
    }

    /// `.implements`, `.replacing()`, `.when`, `.initCompleted` after a registration.
    private mutating func readChain(from call: FunctionCallExprSyntax, indices: [Int], in file: ParsedFile, context: SyntaxContext) {
        var node = Syntax(call)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
            let outer = member.parent?.as(FunctionCallExprSyntax.self), outer.calledExpression.id == member.id
        {
            switch member.declName.baseName.text {
            case "implements":
                if let type = outer.arguments.first.flatMap({ metatype($0.expression) }) {
                    let name = evaluateName(outer.arguments.argument("name"), context: context, bound: [:])
                    for index in indices { registrations[index].forwarded.append((normalized(type), name)) }
                }
            case "replacing":
                for index in indices { registrations[index].isReplacing = true }
            case "when":
                if let closure = outer.trailingClosure { owned[file.identity(of: closure), default: []] += indices.map { ($0, .variant) } }
            case "initCompleted":
                if let closure = outer.trailingClosure { owned[file.identity(of: closure), default: []] += indices.map { ($0, .hook) } }
            default:
                break
            }
            node = Syntax(outer)
        }
    }

    /// The call sites of the helper `function` that registers the type its `parameter` names;
    /// `nil` when the parameter is no metatype (the call is some other API's `register`).
    private func helperSites(of function: FunctionDeclSyntax, parameter: String, fallback: SourcePlace) -> [Site]? {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard
            let declared = parameters.first(where: { ($0.secondName ?? $0.firstName).text == parameter }),
            declared.type.trimmedText.hasSuffix(".Type")
        else { return nil }
        var sites: [Site] = []
        for (file, collector) in calls {
            for site in collector.callsByName[function.name.text] ?? [] {
                if let member = site.calledExpression.as(MemberAccessExprSyntax.self),
                    let base = member.base?.trimmedText, base != "self", base != "Self"
                {
                    continue
                }
                guard let bound = bind(site.arguments, to: parameters, file: file),
                    let (argument, _) = bound[parameter], let type = metatype(argument)
                else { continue }
                sites.append(Site(type: normalized(type), place: file.place(of: site.calledExpression), bound: bound))
            }
        }
        if sites.isEmpty {
            return [Site(place: fallback, dynamicReason: "it registers the type its caller passes, and no call passes a T.self")]
        }
        return sites
    }

    /// The arguments of a call matched to a function's parameters (defaulted ones may be left
    /// out); `nil` when they do not fit.
    private func bind(_ arguments: LabeledExprListSyntax, to parameters: [FunctionParameterSyntax], file: ParsedFile)
        -> [String: (ExprSyntax, ParsedFile)]?
    {
        var bound: [String: (ExprSyntax, ParsedFile)] = [:]
        var remaining = Array(arguments)[...]
        for parameter in parameters {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            if let next = remaining.first, next.label?.text == label {
                bound[(parameter.secondName ?? parameter.firstName).text] = (next.expression, file)
                remaining = remaining.dropFirst()
            } else if parameter.defaultValue == nil {
                return nil
            }
        }
        return remaining.isEmpty ? bound : nil
    }

    /// The runtime argument types of a factory closure (its parameters after the resolver);
    /// `nil` when one has no written type.
    private func closureArgumentTypes(_ closure: ClosureExprSyntax) -> [String]? {
        switch closure.signature?.parameterClause {
        case .none:
            return []
        case .simpleInput(let names):
            return names.count <= 1 ? [] : nil
        case .parameterClause(let clause):
            var types: [String] = []
            for parameter in clause.parameters.dropFirst() {
                guard let type = parameter.type else { return nil }
                types.append(normalized(type.trimmedText))
            }
            return types
        }
    }

    /// The parameter types of an auto-wired initializer: `T.init`, `T.init(a:b:)` or a closure
    /// with typed parameters.
    private func initializerDependencies(_ expression: ExprSyntax, dropFirst: Bool, context: SyntaxContext)
        -> Result<[String], DeclarationIndex.Unreadable>
    {
        var result: Result<[String], DeclarationIndex.Unreadable>
        if let closure = expression.as(ClosureExprSyntax.self) {
            switch closure.signature?.parameterClause {
            case .none:
                result = .success([])
            case .simpleInput(let names):
                result = names.isEmpty ? .success([]) : .failure(.init("the initializer closure's parameters have no written types"))
            case .parameterClause(let clause):
                let types = clause.parameters.compactMap { $0.type.map { normalized($0.trimmedText) } }
                result =
                    types.count == clause.parameters.count
                    ? .success(types) : .failure(.init("the initializer closure's parameters have no written types"))
            }
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let base = member.base
        {
            let labels = member.declName.argumentNames.map { $0.arguments.map(\.name.text) }
            result = index.initializer(of: normalized(base.trimmedText), labels: labels)
        } else {
            result = .failure(.init("its initializer is a function the checker does not read"))
        }
        if dropFirst, case .success(let types) = result { return .success(Array(types.dropFirst())) }
        return result
    }

    // MARK: - Requirements

    private mutating func readResolve(_ call: FunctionCallExprSyntax, at place: SourcePlace, in file: ParsedFile) {
        guard let first = call.arguments.first, let typeText = metatype(first.expression) else { return }
        let context = SyntaxContext(of: call, in: file, owned: owned, modules: modules)
        let (type, wrapper) = unwrapped(typeText)
        let name = evaluateName(call.arguments.argument("name"), context: context, bound: [:])
        var arguments: [String]? = []
        if let start = call.arguments.firstIndex(where: { $0.label?.text == "arguments" }) {
            var types: [String]? = []
            for argument in call.arguments[start...] {
                if argument.label != nil, argument.label?.text != "arguments" { break }
                guard let type = argumentType(argument.expression, context: context) else {
                    types = nil
                    break
                }
                types?.append(type)
            }
            arguments = types
        }
        let requirement = Requirement(
            type: type, name: name, arguments: arguments, wrapper: wrapper, place: place, role: .topLevel,
            conditionalReason: context.conditionalReason, isGeneric: TypeText.isGenericParameter(type, generics: context.generics))
        guard let owners = context.owners else {
            requirements.append(requirement)
            return
        }
        for (owner, role) in owners {
            var owned = requirement
            owned.owner = owner
            owned.role = role
            if role == .variant, owned.conditionalReason == nil {
                owned.conditionalReason = "it is in a context variant (.when), which answers only in that context"
            }
            requirements.append(owned)
        }
    }

    /// The type of a runtime argument, when it is plain: a literal, `T(…)`, or a parameter with
    /// a written type.
    private func argumentType(_ expression: ExprSyntax, context: SyntaxContext) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if stringLiteral(expression) != nil { return "String" }
        // `T(…)` of a type the sources declare without a failable initializer.
        if let call = expression.as(FunctionCallExprSyntax.self), let type = call.calledExpression.as(DeclReferenceExprSyntax.self),
            let declarations = index.types[type.baseName.text], declarations.count == 1,
            declarations.allSatisfy({ $0.initializers.allSatisfy { $0 != nil } && !$0.isGeneric })
        {
            return normalized(type.baseName.text)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return context.parameterTypes[reference.baseName.text] }
        return nil
    }

    // MARK: - Values

    /// The normal form of a type's text: aliases replaced, a bare protocol `P` written `any P`.
    private func normalized(_ type: String) -> String {
        var text = TypeText.normalize(type, modules: modules)
        var seen: Set<String> = []
        while let target = index.typeAliases[text], seen.insert(text).inserted { text = target }
        if index.protocols.contains(text) { text = "any " + text }
        return text
    }

    /// The service a requirement asks for, with the handle or optional around it.
    private func unwrapped(_ type: String) -> (type: String, wrapper: TypeText.Wrapper) {
        let (inner, wrapper) = TypeText.unwrap(normalized(type))
        return (wrapper == .none ? inner : normalized(inner), wrapper)
    }

    /// A `Name` argument: `nil`, a literal, a constant, `Name("x")`, a captured constant, or a
    /// helper's parameter bound at its call site.
    private func evaluateName(_ expression: ExprSyntax?, context: SyntaxContext, bound: [String: (ExprSyntax, ParsedFile)]) -> NameValue {
        guard let expression else { return .none }
        if expression.is(NilLiteralExprSyntax.self) { return .none }
        if let literal = stringLiteral(expression) { return .known(literal) }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedText == "Name",
            let value = index.names[member.declName.baseName.text]
        {
            return .known(value)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedText == "Name",
            let first = call.arguments.first, let literal = stringLiteral(first.expression)
        {
            return .known(literal)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if let (value, _) = bound[reference] { return evaluateName(value, context: context, bound: [:]) }
            if let captured = context.captures[reference] { return evaluateName(captured, context: context, bound: [:]) }
        }
        return .unknown(expression.trimmedText)
    }

    /// A `Lifetime` argument.
    private func evaluateLifetime(_ expression: ExprSyntax?, bound: [String: (ExprSyntax, ParsedFile)], depth: Int = 0) -> LifetimeValue {
        guard let expression, !expression.is(NilLiteralExprSyntax.self) else {
            return index.changesDefaultLifetime ? .unknown("the container's default lifetime") : .transient
        }
        guard depth < 8 else { return .unknown(expression.trimmedText) }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedText == "Lifetime" {
            switch member.declName.baseName.text {
            case "transient": return .transient
            case "graph": return .graph
            case "singleton": return .singleton
            case "weak": return .weak
            case let constant:
                if let value = index.lifetimes[constant] { return evaluateLifetime(value, bound: [:], depth: depth + 1) }
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base?.trimmedText == "Lifetime"
        {
            switch member.declName.baseName.text {
            case "scoped":
                if let scope = call.arguments.first.flatMap({ evaluateScope($0.expression) }) { return .scoped(scope) }
            case "custom":
                if let name = call.arguments.first.flatMap({ stringLiteral($0.expression) }) { return .custom(name) }
            default:
                break
            }
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let (value, _) = bound[reference] {
            return evaluateLifetime(value, bound: [:], depth: depth + 1)
        }
        return .unknown(expression.trimmedText)
    }

    /// A `Scope` value: a literal, a constant, `Scope("x")`; `.request` is the toolkit's.
    private func evaluateScope(_ expression: ExprSyntax) -> String? {
        if let literal = stringLiteral(expression) { return literal }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedText == "Scope" {
            let name = member.declName.baseName.text
            return index.scopes[name] ?? (name == "request" ? "request" : nil)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedText == "Scope",
            let first = call.arguments.first
        {
            return stringLiteral(first.expression)
        }
        return nil
    }
}

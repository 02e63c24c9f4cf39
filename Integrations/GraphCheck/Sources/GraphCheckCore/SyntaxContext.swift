import Foundation
import SwiftSyntax

/// What surrounds a call: the registration whose closure it is in, what may keep it from
/// running, the branches it sits in, and the names it can see.
struct SyntaxContext {
    /// The registrations whose closure holds the call (several for a helper that registers for
    /// its callers), and the closure's role; `nil` outside every registration.
    var owners: [(index: Int, role: RequirementRole)]?
    /// Why the call might not run when its owner's closure (or its function) runs.
    var conditionalReason: String?
    var branches: [RegistrationRecord.Branch] = []
    /// In a `withOverrides` closure or an `.overriding` trait.
    var isOverride = false
    /// The function the call is in, if any.
    var function: FunctionDeclSyntax?
    /// The generic parameters in scope.
    var generics: Set<String> = []
    /// Typed parameters of the closures and functions around it, innermost first.
    var parameterTypes: [String: String] = [:]
    /// Capture-list entries around it: `[offline = Name.offline]`.
    var captures: [String: ExprSyntax] = [:]

    /// Reads the context of `node`; `owned` maps closures to the registrations they belong to.
    init(of node: some SyntaxProtocol, in file: ParsedFile, owned: [SyntaxIdentifierText: [(Int, RequirementRole)]], modules: Set<String>) {
        var child = Syntax(node)
        var current = node.parent
        var reachedOwner = false
        while let parent = current {
            // Most ancestors are of no interest: decide by kind before casting.
            guard Self.interesting.contains(parent.kind) else {
                child = parent
                current = parent.parent
                continue
            }
            let reason = Self.conditionalReason(parent: parent, child: child, in: file, branches: &branches)
            if !reachedOwner, conditionalReason == nil, let reason { conditionalReason = reason }
            if let closure = parent.as(ClosureExprSyntax.self) {
                if !reachedOwner, let registrations = owned[file.identity(of: closure)] {
                    owners = registrations.map { (index: $0.0, role: $0.1) }
                    reachedOwner = true
                } else if !reachedOwner, conditionalReason == nil {
                    conditionalReason = "it is in a closure that may not run when the factory runs"
                }
                if Self.isOverrideClosure(closure) { isOverride = true }
                Self.readParameters(of: closure, into: &parameterTypes, captures: &captures, modules: modules)
            }
            if let function = parent.as(FunctionDeclSyntax.self) {
                if self.function == nil { self.function = function }
                reachedOwner = true
                if let clause = function.genericParameterClause {
                    for parameter in clause.parameters { generics.insert(parameter.name.text) }
                }
                for parameter in function.signature.parameterClause.parameters {
                    let name = (parameter.secondName ?? parameter.firstName).text
                    if parameterTypes[name] == nil {
                        parameterTypes[name] = TypeText.normalize(parameter.type.trimmedText, modules: modules)
                    }
                }
            }
            if parent.is(InitializerDeclSyntax.self) || parent.is(AccessorBlockSyntax.self) { reachedOwner = true }
            // (`?? []` would build an empty syntax collection: only an existing clause is read.)
            let clause =
                parent.as(StructDeclSyntax.self)?.genericParameterClause ?? parent.as(ClassDeclSyntax.self)?.genericParameterClause
                ?? parent.as(EnumDeclSyntax.self)?.genericParameterClause
            if let clause {
                for parameter in clause.parameters { generics.insert(parameter.name.text) }
            }
            child = parent
            current = parent.parent
        }
    }

    /// The kinds of ancestor the context reads.
    private static let interesting: Set<SyntaxKind> = [
        .ifExpr, .guardStmt, .switchCase, .forStmt, .whileStmt, .tryExpr, .doStmt, .sequenceExpr, .ternaryExpr,
        .ifConfigClause, .closureExpr, .functionDecl, .initializerDecl, .accessorBlock, .structDecl, .classDecl, .enumDecl,
    ]

    /// Whether `parent` may skip `child`, and the branch `child` is in.
    private static func conditionalReason(
        parent: Syntax, child: Syntax, in file: ParsedFile, branches: inout [RegistrationRecord.Branch]
    ) -> String? {
        if let branch = parent.as(IfExprSyntax.self) {
            if child.id == branch.body.id {
                branches.append(.init(construct: file.identity(of: branch), clause: 0))
                return "it is in a branch of an if"
            }
            if let elseBody = branch.elseBody, child.id == elseBody.id {
                branches.append(.init(construct: file.identity(of: branch), clause: 1))
                return "it is in a branch of an if"
            }
        }
        if let guardStatement = parent.as(GuardStmtSyntax.self), child.id == guardStatement.body.id {
            return "it is in the else of a guard"
        }
        if let switchCase = parent.as(SwitchCaseSyntax.self), let list = switchCase.parent?.as(SwitchCaseListSyntax.self),
            let switchExpression = list.parent
        {
            let index = list.firstIndex { $0.id == switchCase.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
            branches.append(.init(construct: file.identity(of: switchExpression), clause: index))
            return "it is in a case of a switch"
        }
        if let loop = parent.as(ForStmtSyntax.self), child.id == loop.body.id { return "it is in a loop" }
        if let loop = parent.as(WhileStmtSyntax.self), child.id == loop.body.id { return "it is in a loop" }
        if let attempt = parent.as(TryExprSyntax.self), attempt.questionOrExclamationMark?.text == "?" {
            return "its failure is swallowed by try?"
        }
        if let statement = parent.as(DoStmtSyntax.self), !statement.catchClauses.isEmpty, child.id == statement.body.id {
            return "it is in a do block whose catch handles its failure"
        }
        if let sequence = parent.as(SequenceExprSyntax.self), sequence.elements.first?.id != child.id {
            let branching = sequence.elements.contains { element in
                element.is(UnresolvedTernaryExprSyntax.self)
                    || ["??", "&&", "||"].contains(element.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
            }
            if branching { return "it is in a branch of a conditional expression" }
        }
        if let ternary = parent.as(TernaryExprSyntax.self), child.id != ternary.condition.id {
            return "it is in a branch of a conditional expression"
        }
        if let clause = parent.as(IfConfigClauseSyntax.self), let list = clause.parent?.as(IfConfigClauseListSyntax.self),
            let declaration = list.parent
        {
            let index = list.firstIndex { $0.id == clause.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
            branches.append(.init(construct: file.identity(of: declaration), clause: index))
            let conditions = list.compactMap { $0.condition?.trimmedText }
            if !conditions.allSatisfy(isKnownBuildCondition) {
                return "it is under #if \(conditions.first ?? "")"
            }
        }
        return nil
    }

    /// `DEBUG`, `os(…)` and their combinations: conditions every build of the app meets in one of
    /// its configurations, so what is under them is checked.
    static func isKnownBuildCondition(_ condition: String) -> Bool {
        var rest = condition
        while let range = rest.range(of: #"os\([A-Za-z]+\)"#, options: .regularExpression) { rest.removeSubrange(range) }
        rest = rest.replacingOccurrences(of: "DEBUG", with: "")
        return rest.allSatisfy { "!|&() ".contains($0) }
    }

    private static func isOverrideClosure(_ closure: ClosureExprSyntax) -> Bool {
        var node = closure.parent
        // A trailing closure's parent is the call; a labelled one is inside a labelled argument.
        while let current = node,
            current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
                || current.is(MultipleTrailingClosureElementSyntax.self) || current.is(MultipleTrailingClosureElementListSyntax.self)
        {
            node = current.parent
        }
        guard let call = node?.as(FunctionCallExprSyntax.self), let name = calleeName(call) else { return false }
        return ["withOverrides", "overriding", "withTestOverrides"].contains(name)
    }

    private static func readParameters(
        of closure: ClosureExprSyntax, into types: inout [String: String], captures: inout [String: ExprSyntax], modules: Set<String>
    ) {
        if case .parameterClause(let clause)? = closure.signature?.parameterClause {
            for parameter in clause.parameters {
                let name = (parameter.secondName ?? parameter.firstName).text
                if types[name] == nil, let type = parameter.type {
                    types[name] = TypeText.normalize(type.trimmedText, modules: modules)
                }
            }
        }
        if let capture = closure.signature?.capture {
            for item in capture.items where captures[item.name.text] == nil {
                if let value = item.initializer?.value { captures[item.name.text] = value }
            }
        }
    }
}

import SwiftSyntax

/// The calls of one file the reader reads, found when the file is parsed.
struct FileCalls: Sendable {
    /// `register`/`registerMainActor` calls with the container's labels.
    let registrations: [FunctionCallExprSyntax]
    /// `resolve`/`resolveAsync` calls whose first argument is a metatype.
    let resolves: [FunctionCallExprSyntax]
    /// Every call by the name it calls, for finding a helper's call sites.
    let callsByName: [String: [FunctionCallExprSyntax]]

    /// The calls in `tree`.
    init(_ tree: SourceFileSyntax) {
        let collector = CallCollector()
        collector.walk(tree)
        (registrations, resolves, callsByName) = (collector.registrations, collector.resolves, collector.callsByName)
    }
}

/// Finds the calls the checker reads in one file: `register`/`registerMainActor` calls and
/// `resolve`/`resolveAsync` calls whose first argument is a metatype (`T.self`).
private final class CallCollector: SyntaxVisitor {
    var registrations: [FunctionCallExprSyntax] = []
    var resolves: [FunctionCallExprSyntax] = []
    /// Every call by the name it calls, for finding a helper's call sites.
    var callsByName: [String: [FunctionCallExprSyntax]] = [:]

    /// The labels of the container's `register` overloads: a `register` call with another label
    /// is some other API's.
    static let registrationLabels: Set<String> = [
        "name", "lifetime", "instance", "initializer", "factory", "argument", "providedBy", "file", "line",
    ]

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            callsByName[name, default: []].append(node)
            if name == "register" || name == "registerMainActor", node.arguments.first?.label == nil, !node.arguments.isEmpty,
                node.arguments.dropFirst().allSatisfy({ Self.registrationLabels.contains($0.label?.text ?? "") })
            {
                registrations.append(node)
            } else if name == "resolve" || name == "resolveAsync", let first = node.arguments.first, first.label == nil,
                isMetatype(first.expression)
            {
                resolves.append(node)
            }
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            callsByName[reference.baseName.text, default: []].append(node)
        }
        return .visitChildren
    }
}

/// Whether the expression is `T.self` (what `metatype` reads, without building its text).
func isMetatype(_ expression: ExprSyntax) -> Bool {
    guard let member = expression.as(MemberAccessExprSyntax.self) else { return false }
    return member.base != nil && member.declName.baseName.text == "self"
}

/// The type text of `T.self`, or `nil`.
func metatype(_ expression: ExprSyntax) -> String? {
    guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
        let base = member.base
    else { return nil }
    return base.trimmedText
}

/// The callee's name of a call: `register` for `container.register(…)`.
func calleeName(_ call: FunctionCallExprSyntax) -> String? {
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
    return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
}

extension LabeledExprListSyntax {
    /// The argument labelled `label`.
    func argument(_ label: String) -> ExprSyntax? {
        first { $0.label?.text == label }?.expression
    }
}

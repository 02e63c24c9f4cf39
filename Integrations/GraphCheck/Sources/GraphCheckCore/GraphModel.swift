/// What the scanner reads from the sources: registrations, the requirements their factories and
/// other code make, and the constants and declarations it needs to read them.

/// A registration's or requirement's name as far as the sources tell.
enum NameValue: Hashable, Sendable {
    /// No name (`nil`, or none given).
    case none
    /// A name known from a literal or a constant: `"local"`, `.local`.
    case known(String)
    /// A name computed at run time; the text is the expression.
    case unknown(String)

    /// The name when known: `nil` for none, `.some(nil)` never.
    var known: String?? {
        switch self {
        case .none: .some(nil)
        case .known(let name): .some(name)
        case .unknown: nil
        }
    }
}

/// A lifetime as far as the sources tell: the captive rule needs it.
enum LifetimeValue: Hashable, Sendable {
    case transient
    case graph
    case singleton
    case weak
    /// `.scoped(scope)` of a scope without storage of its own.
    case scoped(String)
    /// `.custom(name) { … }`: kept by storage of its own, like a singleton for the captive rule.
    case custom(String)
    /// Not known: an expression the checker cannot evaluate.
    case unknown(String)

    /// The scope it keeps its instances for, for the captive rule: `nil` for singleton-like
    /// lifetimes; `.none` for transient and graph, which keep nothing.
    var keeps: Kept {
        switch self {
        case .transient, .graph: .nothing
        case .singleton, .weak, .custom: .always
        case .scoped(let scope): .scope(scope)
        case .unknown: .unknown
        }
    }

    /// What a lifetime keeps its instance for.
    enum Kept: Equatable {
        case nothing
        case always
        case scope(String)
        case unknown
    }
}

/// Where a requirement is made.
enum RequirementRole: Hashable, Sendable {
    /// In a registration's factory (or a `.when` variant's): a dependency edge.
    case factory
    /// A parameter of an auto-wired initializer: reported at the `register` line.
    case autoWired
    /// In a `.when` variant's factory: used only in that context, so a problem there is a
    /// warning.
    case variant
    /// In an `initCompleted` hook: must be registered, closes no cycle.
    case hook
    /// Anywhere else: a function that resolves from a container.
    case topLevel
}

/// A `resolve`, `resolveAsync`, `Lazy` or `Provider` the sources make, or an auto-wired
/// initializer's parameter.
struct Requirement: Sendable {
    /// The service type asked for, normalized, handles and optionals unwrapped.
    var type: String
    var name: NameValue
    /// The runtime arguments' types; `nil` when some are not known.
    var arguments: [String]?
    var wrapper: TypeText.Wrapper
    var place: SourcePlace
    var role: RequirementRole
    /// Whether the call might not run when the factory runs (a branch, a nested closure,
    /// `try?`, a `do` with `catch`, an `#if` other than `DEBUG` or `os(…)`).
    var conditionalReason: String?
    /// Whether the type names a generic parameter.
    var isGeneric = false
    /// The index of the registration whose factory makes it, if any.
    var owner: Int?

    /// Asked for through `Lazy` or `Provider`: resolved later, no part of a cycle or captive.
    var isDeferred: Bool { wrapper == .lazy || wrapper == .provider }
}

/// A `register` or `registerMainActor` call (or a call of a helper that registers for its
/// caller, at the helper's call site).
struct RegistrationRecord: Sendable {
    /// The service type, normalized; `nil` when the sources do not say (a generic helper's
    /// parameter whose callers could not be read).
    var type: String?
    var name: NameValue
    /// The runtime arguments' types; `nil` when not known (a closure without parameter types).
    var arguments: [String]?
    var lifetime: LifetimeValue
    var place: SourcePlace
    /// Types it answers too (`.implements(T.self, name:)`), with their names.
    var forwarded: [(type: String, name: NameValue)] = []
    var isReplacing = false
    var isInstance = false
    /// Registered in a `withOverrides` closure or an `.overriding` trait: not a duplicate.
    var isOverride = false
    /// Whether the factory's dependencies are all known (an auto-wired initializer the
    /// checker found, a closure, an instance). When not, why.
    var unknownDependencies: String?
    /// Why it might not run, if it might not: a branch, a loop, an `#if`.
    var conditionalReason: String?
    /// The branches it sits in (construct, clause): registrations in different clauses of one
    /// `if` or `#if` exclude each other.
    var branches: [Branch] = []
    /// A reason the checker cannot tell what it registers (a loop, an unknown name).
    var dynamicReason: String?

    /// One clause of one branching construct.
    struct Branch: Hashable, Sendable {
        let construct: SyntaxIdentifierText
        let clause: Int
    }

    /// Whether two registrations can both run: not in different clauses of one construct.
    func canCoexist(with other: RegistrationRecord) -> Bool {
        for branch in branches {
            if other.branches.contains(where: { $0.construct == branch.construct && $0.clause != branch.clause }) { return false }
        }
        return true
    }
}

/// A stable identity of a syntax node across the scan: file and offset.
struct SyntaxIdentifierText: Hashable, Sendable {
    let file: String
    let offset: Int
}

/// A key as the runtime prints it: `CourseRepository (name: local)`.
func describeKey(_ type: String, _ name: NameValue) -> String {
    switch name {
    case .none: type
    case .known(let name): "\(type) (name: \(name))"
    case .unknown(let text): "\(type) (name: \(text))"
    }
}

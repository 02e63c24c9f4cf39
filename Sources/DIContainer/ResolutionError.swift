/// Why a service could not be resolved, where in the graph, and how to fix it.
///
/// Every failure of `resolve` is one of these; `resolve` never returns `nil` and never traps.
/// Its `description` names the whole path from the top-level request to the failing key, the
/// near misses (the same type under another name or other arguments) and a one-line fix:
///
/// ```text
/// Cannot resolve CacheStore: nothing is registered for it. Path: MainPresenter → GetMainUseCase
/// (name: local) → CourseRepository (name: local) → CacheStore. Registered for CacheStore: name
/// "disk". Fix: register CacheStore without a name, or ask for name "disk".
/// ```
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    ///
    /// New kinds of failure will come as new cases, in minor versions, each listed in the
    /// changelog. Match the kinds you handle and end a `switch` with `default:`, or test one kind
    /// with `if case`, so that a new case does not stop your code compiling:
    ///
    /// ```swift
    /// switch error.kind {
    /// case .notRegistered: showSetupHint(for: error.service)
    /// case .circularDependency(let cycle): log(cycle)
    /// default: log(error)
    /// }
    /// if case .mainActorRequired = error.kind { … }
    /// ```
    ///
    /// It stays an enum, not a struct of static codes, so that a case's values (`cycle`,
    /// `underlying`) are matched with the case.
    public enum Kind: Sendable {
        /// Nothing is registered for the requested type, name and argument types.
        case notRegistered
        /// The service depends on itself; `cycle` lists it to its repetition: `A → B → A`.
        case circularDependency(cycle: [ServiceKey])
        /// The service is registered with other runtime argument types than those given.
        case argumentMismatch(registered: [[String]], given: [String])
        /// The service has an `async` factory and was asked for synchronously.
        case asyncFactory
        /// The service was registered with `registerMainActor` and was asked for off the main actor.
        case mainActorRequired
        /// The resolution stopped `limit` levels deep, before the thread's stack ran out.
        case depthLimitExceeded(limit: Int)
        /// The factory ran and threw `underlying`.
        case factoryFailed(underlying: any Error)
        /// The service is forwarded to `target`, whose instance (an `instanceType`) is not one.
        case forwardingMismatch(target: ServiceKey, instanceType: String)
        /// An `initCompleted` hook of the service threw `underlying`.
        case initCompletedFailed(underlying: any Error)
        /// A `Lazy` or `Provider` was read after its (weakly held) container was released.
        case containerReleased
        /// A live-only registration was asked for in a test context, with no override or variant.
        case liveOnly
        /// The container was shut down (`Container.shutdown(timeout:)`): it builds nothing more.
        case shutDown
        /// `consumer`, an instance kept longer (a singleton, a weak, custom or other scope's instance),
        /// asked for `dependency`, an instance of `scope`, which ends separately: the consumer would
        /// keep it past its scope's end and hand it to later requests.
        case captiveDependency(consumer: ServiceKey, dependency: ServiceKey, scope: Scope)
        /// The service is `.scoped(scope)`, and no `withScope(scope)` is open here: a scope that
        /// exists only while open (`Scope.requiresOpenScope`, as `.request` does), or work that
        /// outlived the scope it was started in.
        case scopeNotOpen(scope: Scope)
        /// The service is handed in when its scope opens (`register(_:name:providedBy:)`), and the
        /// open `withScope(scope)` was not given one.
        case notProvided(scope: Scope)
    }

    /// What went wrong.
    public let kind: Kind
    /// The services from the top-level request to the one that failed (which is last).
    public let path: [ServiceKey]
    /// The other registrations of the failing service's type: other names, other arguments.
    public let nearMisses: [ServiceKey]
    /// Where the failing service was registered (`Module/File.swift:12`), when it was.
    public let registrationSite: String?
    /// Whether the failing service is a parameter of an auto-wired initializer (`initializer:`),
    /// which is resolved by type: its default value, if it has one, is not used.
    let isAutoWiredParameter: Bool
    /// Who asked for the failing service synchronously (`asyncFactory`): the fix depends on it.
    let asker: Asker
    /// Whether the service was asked for as a forwarded type (`Registration.implements`), which
    /// is on the path before it (`asyncFactory`).
    let isForwarded: Bool
    /// The consumer's lifetime, in words (`captiveDependency`).
    var consumerLifetime: String?
    /// Whether the scope was open where the work started and has closed since (`scopeNotOpen`).
    var isAfterScope = false

    /// Who asked synchronously for a service whose factory is `async`.
    enum Asker: Sendable {
        /// The caller of `resolve`, or a forwarded type it asked for.
        case caller
        /// An auto-wired initializer (`initializer:`): it resolves every parameter synchronously.
        case autoWired
        /// A synchronous factory closure.
        case factory
        /// A `registerMainActor` factory or initializer, which cannot await.
        case mainActor
        /// An `async` factory that called `resolve` instead of `resolveAsync`.
        case asyncFactory

        /// Who `step` (its factory or auto-wired initializer) is; the caller when there is none.
        init(_ entry: Entry?) {
            guard let entry else {
                self = .caller
                return
            }
            switch entry.kind {
            case .mainActor: self = .mainActor
            case .async: self = .asyncFactory
            case .forwarding: self = .caller
            case .sync: self = entry.definition.dependencyTypes != nil ? .autoWired : .factory
            }
        }
    }

    /// Whether a test context refused a live-only service (`Kind.liveOnly`).
    var isLiveOnly: Bool {
        if case .liveOnly = kind { return true }
        return false
    }

    /// The service that could not be resolved: the last step of `path`.
    public var service: ServiceKey {
        path.last ?? ServiceKey(typeName: "?")
    }

    init(
        _ kind: Kind, path: [ServiceKey], nearMisses: [ServiceKey] = [], registrationSite: String? = nil,
        isAutoWiredParameter: Bool = false, asker: Asker = .caller, isForwarded: Bool = false
    ) {
        self.asker = asker
        self.isForwarded = isForwarded && path.count > 1
        self.kind = kind
        self.path = path
        self.nearMisses = nearMisses
        self.registrationSite = registrationSite
        self.isAutoWiredParameter = isAutoWiredParameter
    }

    public var description: String {
        "Cannot resolve \(service): \(problem). Path: \(Self.describe(path))."
            + (nearMissText.map { " \($0)." } ?? "") + " Fix: \(fix)."
    }

    private var problem: String {
        switch kind {
        case .notRegistered:
            if service.argumentTypeNames.isEmpty { return "nothing is registered for it" }
            return "nothing is registered for it with arguments \(service.argumentList)"
        case .circularDependency(let cycle):
            return "circular dependency \(cycle.map(\.description).joined(separator: " → "))"
        case .argumentMismatch(let registered, let given):
            let registeredText = registered.map { $0.isEmpty ? "no arguments" : "(\($0.joined(separator: ", ")))" }
                .joined(separator: " or ")
            let givenText = given.isEmpty ? "no arguments" : "(\(given.joined(separator: ", ")))"
            return "it is registered with \(registeredText), but was asked with \(givenText)"
        case .asyncFactory:
            let through = isForwarded ? " (as \(asked))" : ""
            guard let requester = requester?.typeName else { return "it has an async factory and was asked for synchronously\(through)" }
            switch asker {
            case .autoWired:
                return "it has an async factory, and \(requester)'s auto-wired initializer asks for it\(through) synchronously "
                    + "(auto-wiring resolves every parameter synchronously, in resolve and resolveAsync alike)"
            case .mainActor:
                return "it has an async factory, and \(requester)'s main-actor factory, which cannot await, asks for it\(through)"
            case .factory:
                return "it has an async factory, and \(requester)'s synchronous factory asks for it\(through)"
            case .asyncFactory:
                return "it has an async factory, and \(requester)'s factory asks for it\(through) with resolve instead of resolveAsync"
            case .caller:
                return "it has an async factory and was asked for synchronously\(through)"
            }
        case .mainActorRequired:
            return "it was registered with registerMainActor and was asked for off the main actor"
        case .depthLimitExceeded(let limit):
            return "the resolution went \(limit) levels deep and stopped before the stack runs out"
        case .factoryFailed(let underlying):
            return "its factory threw \(underlying)"
        case .forwardingMismatch(let target, let instanceType):
            return "it is forwarded to \(target), whose instance of type \(instanceType) is not a \(service.typeName)"
        case .initCompletedFailed(let underlying):
            return "its initCompleted hook threw \(underlying)"
        case .containerReleased:
            return "the Lazy or Provider was read after its container was released"
        case .liveOnly:
            return "it is live-only (registered at \(registrationSite ?? "an unknown place")) and a test context is active"
        case .shutDown:
            return "the container was shut down"
        case .captiveDependency(let consumer, let dependency, let scope):
            let kept = consumerLifetime.map { " (\($0))" } ?? ""
            return "\(consumer)\(kept) lives longer than \(dependency), an instance of the \(scope) scope, and would keep "
                + "it after that scope ends (a captive dependency)"
        case .scopeNotOpen(let scope):
            if isAfterScope {
                return "it is .scoped(\(Self.spelling(of: scope))), and the \(scope) scope this work was started in has closed"
            }
            return
                "it is .scoped(\(Self.spelling(of: scope))), a scope that exists only while open, and no withScope(\(Self.spelling(of: scope))) "
                + "is open here"
        case .notProvided(let scope):
            return "it is handed in when the \(scope) scope opens, and the open scope was not given one"
        }
    }

    private var nearMissText: String? {
        guard !nearMisses.isEmpty, case .notRegistered = kind else { return nil }
        let list = nearMisses.map { miss in
            var text = miss.name.map { "name \"\($0)\"" } ?? "no name"
            if !miss.argumentTypeNames.isEmpty { text += " with arguments \(miss.argumentList)" }
            return text
        }
        return "Registered for \(service.typeName): \(list.joined(separator: ", "))"
    }

    private var fix: String {
        switch kind {
        case .notRegistered:
            let sameArguments = nearMisses.filter { $0.argumentTypeNames == service.argumentTypeNames }
            guard !sameArguments.isEmpty else {
                if isAutoWiredParameter, let requester = path.dropLast().last, Self.isValueType(service.typeName) {
                    return "auto-wiring resolves every parameter of \(requester.typeName)'s initializer by type and never uses "
                        + "a default value: register \(requester.typeName) with a factory closure that calls the initializer "
                        + "(e.g. container.register(\(requester.typeName).self) { r in \(requester.typeName)(…) }), "
                        + "or register the value with container.register(\(service.typeName).self, instance: …)"
                }
                let name = service.name.map { ", name: \"\($0)\"" } ?? ""
                return "register it, e.g. container.register(\(service.typeName).self\(name)) { r in … }"
            }
            let names = sameArguments.map { $0.name.map { "name \"\($0)\"" } ?? "it without a name" }
            if let name = service.name {
                return "register \(service.typeName) with name \"\(name)\", or ask for \(names.joined(separator: " or "))"
            }
            return "register \(service.typeName) without a name, or ask for \(names.joined(separator: " or "))"
        case .circularDependency:
            return "break the cycle: resolve one side's back-reference in an initCompleted hook instead of its factory "
                + "(register(…).initCompleted { r, service in … }), with a graph, singleton or weak lifetime for the "
                + "other side, or move what both sides need into a third service"
        case .argumentMismatch(let registered, _):
            let first = registered.first ?? []
            return first.isEmpty
                ? "resolve it without arguments"
                : "pass arguments of types (\(first.joined(separator: ", "))) in that order"
        case .asyncFactory:
            return asyncFix
        case .mainActorRequired:
            return "resolve it from main-actor code (a @MainActor function, or "
                + "await MainActor.run { try container.resolve(\(path.first?.typeName ?? service.typeName).self) }); "
                + "a service whose factory asks for it is main-actor code too: register that one with registerMainActor"
        case .depthLimitExceeded:
            return "look for a factory on this path that keeps asking for new services without end"
        case .factoryFailed:
            return "make the factory succeed; it was registered at \(registrationSite ?? "an unknown place")"
        case .forwardingMismatch(let target, let instanceType):
            return "make \(instanceType) conform to \(service.typeName), or remove .implements(\(service.typeName).self) "
                + "from the registration of \(target) at \(registrationSite ?? "an unknown place")"
        case .initCompletedFailed:
            return "make the hook succeed; the service was registered at \(registrationSite ?? "an unknown place")"
        case .containerReleased:
            return "keep the container alive while the handles it made are read"
        case .liveOnly:
            return "override it in the test (withOverrides { $0.register(\(service.typeName).self) { _ in … } } or the "
                + ".overriding trait), or register a test variant: .when(.test) { _ in … } on its registration"
        case .shutDown:
            return "resolve before shutdown(timeout:), or from a new container"
        case .scopeNotOpen(let scope):
            if isAfterScope {
                return
                    "finish the work before withScope(\(Self.spelling(of: scope))) returns (await it inside the scope), or resolve what it "
                    + "needs inside the scope and hand it over"
            }
            return "resolve it inside try await container.withScope(\(Self.spelling(of: scope))) { … } (a Task.detached does not inherit "
                + "the scope: use a child task), or give it a lifetime that exists outside the scope"
        case .notProvided(let scope):
            return "open the scope with try await container.withScope(\(Self.spelling(of: scope)), providing: \(service.typeName)(…)) { … }"
        case .captiveDependency(let consumer, let dependency, let scope):
            return "let \(consumer.typeName) take a Provider<\(dependency.typeName)> and call it each time it needs one, "
                + "or register \(consumer.typeName) with lifetime .scoped(\(Self.spelling(of: scope))) (or transient) too"
        }
    }

    /// How an app writes `scope` in `.scoped(…)`: as the static member it declares by convention
    /// (`.request`, `.session`) when its text can be one, or else as the string literal.
    private static func spelling(of scope: Scope) -> String {
        let text = scope.rawValue
        let isIdentifier =
            text.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return isIdentifier ? ".\(text)" : String(reflecting: text)
    }

    /// The fix for an `async` service asked for synchronously, as who asked can apply it.
    private var asyncFix: String {
        let asked = self.asked
        let name = asked.name.map { ", name: \"\($0)\"" } ?? ""
        let arguments = asked.argumentTypeNames.isEmpty ? "" : ", arguments: …"
        let resolveAsync = "resolveAsync(\(asked.typeName).self\(name)\(arguments))"
        let requester = self.requester?.typeName ?? asked.typeName
        switch asker {
        case .caller:
            let types = asked.argumentTypeNames.isEmpty ? "" : " passing arguments of types \(asked.argumentList)"
            let it = isForwarded ? asked.typeName : "it"
            return "resolve \(it) with try await \(resolveAsync)\(types), or register a synchronous factory"
        case .autoWired:
            return "register \(requester) with an async factory closure that calls its initializer with "
                + "try await r.\(resolveAsync) for this parameter (container.register(\(requester).self) { r in "
                + "\(requester)(…) }) and resolve \(requester) with try await resolveAsync, or register \(service.typeName) "
                + "with a synchronous factory, or \(builtAtStart(before: requester))"
        case .mainActor:
            return "register \(service.typeName) with a synchronous factory: a registerMainActor factory cannot await; or "
                + builtAtStart(before: requester)
        case .factory:
            return "make \(requester)'s factory async and ask for it there with try await r.\(resolveAsync) "
                + "(container.register(\(requester).self) { r in … }), then resolve \(requester) with try await "
                + "resolveAsync; or register \(service.typeName) with a synchronous factory"
        case .asyncFactory:
            return "in \(requester)'s factory, ask for it with try await r.\(resolveAsync)"
        }
    }

    /// The fix for a synchronous asker that cannot await: a singleton that `start()` built as an
    /// eager registration is taken synchronously.
    private func builtAtStart(before requester: String) -> String {
        "if \(service.typeName) is a singleton, mark it eager() and build it with try await container.start() "
            + "before \(requester) is resolved"
    }

    /// What was asked for: the failing service, or the forwarded type answered by it.
    private var asked: ServiceKey {
        isForwarded ? path[path.count - 2] : service
    }

    /// Who asked for it: the service before it on the path, if any.
    private var requester: ServiceKey? {
        path.dropLast(isForwarded ? 2 : 1).last
    }

    /// Whether a type name is one of the standard value types an initializer parameter typically
    /// gives a default value (`String`, `Int`, `URL`, `[String]`, …), which auto-wiring would
    /// otherwise advise registering as a service.
    private static func isValueType(_ typeName: String) -> Bool {
        let plain: Set = [
            "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8",
            "UInt16", "UInt32", "UInt64", "Double", "Float", "Decimal", "URL", "Date", "Data", "UUID", "Duration",
        ]
        let generic = ["Array<", "Dictionary<", "Set<", "Optional<"]
        return plain.contains(typeName) || generic.contains { typeName.hasPrefix($0) }
    }

    /// A path as `A → B → C`, shortened in the middle when it is very long.
    static func describe(_ path: [ServiceKey]) -> String {
        let steps = path.map(\.description)
        guard steps.count > 12 else { return steps.joined(separator: " → ") }
        let hidden = steps.count - 10
        return (steps.prefix(5) + ["… \(hidden) more …"] + steps.suffix(5)).joined(separator: " → ")
    }
}

/// Several problems at once: what `Container.validate()` throws.
///
/// ```text
/// The container has 2 problems:
/// 1. Cannot resolve CacheStore: nothing is registered for it. Path: …
/// 2. Cannot resolve A: circular dependency A → B → A. Path: …
/// ```
public struct ValidationError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, sorted by the path of the failing service.
    public let problems: [ResolutionError]
    /// The registrations validation could not check, in registration order.
    public let unchecked: [Unchecked]
    /// The keys registered more than once in one container without `Registration.replacing()`,
    /// in the order they were registered again.
    public let duplicates: [Duplicate]
    /// What applied assemblies require (`Assembly.requirements`) and nothing registers, in the
    /// order stated; listed first, since they explain the missing services further down.
    public let unmetRequirements: [UnmetRequirement]

    /// A key (type, name and argument types) registered more than once in one container, the
    /// later registration not marked `Registration.replacing()`: the one registered last answers.
    ///
    /// ```text
    /// CourseRepository (name: local) is registered twice, at Catalog/CatalogAssembly.swift:12 and at
    /// Search/SearchAssembly.swift:30: the one registered last answers, so the order of apply decides. Fix: …
    /// ```
    public struct Duplicate: Sendable, Hashable, CustomStringConvertible {
        /// The key registered more than once.
        public let service: ServiceKey
        /// Where it was registered (`Module/File.swift:12`), in registration order: the last one
        /// answers.
        public let sites: [String]

        init(service: ServiceKey, sites: [String]) {
            (self.service, self.sites) = (service, sites)
        }

        public var description: String {
            let times = sites.count == 2 ? "twice" : "\(sites.count) times"
            let places =
                sites.count == 2
                ? "at \(sites[0]) and at \(sites[1])"
                : "at " + sites.dropLast().joined(separator: ", at ") + " and at \(sites[sites.count - 1])"
            let sameSite = Set(sites).count == 1 ? " (the same code ran again: an assembly applied twice?)" : ""
            return "\(service) is registered \(times), \(places)\(sameSite): the one registered last answers, so the "
                + "order of apply decides. Fix: register it in one place, or, when the later registration replaces the "
                + "earlier on purpose (a debug or test assembly applied after the app's), mark it with .replacing()"
        }
    }

    /// A registration whose dependencies validation could not learn, and why.
    public struct Unchecked: Sendable, Hashable, CustomStringConvertible {
        /// The registration.
        public let service: ServiceKey
        /// Why it was not checked, and how to make it checkable.
        public let reason: String

        init(_ entry: Entry, needsMainActor: Bool = false) {
            service = entry.service
            if needsMainActor {
                reason =
                    entry.isMainActor
                    ? "it was registered with registerMainActor and validation ran off the main actor; "
                        + "validate from the main actor"
                    : "its factory asks for a registerMainActor service and validation ran off the main actor; "
                        + "validate from the main actor"
            } else if entry.isAsync {
                reason = "it has an async factory; check it with try await validateAsync()"
            } else {
                reason =
                    "its factory takes runtime arguments \(service.argumentList), which validation cannot invent; "
                    + "register it with argument:initializer: so its dependencies are declared, or resolve it once first"
            }
        }

        /// A live-only service a test context refused (`path` is the service), or the registration
        /// whose run stopped at one (the first of `path`).
        init(liveOnly refused: ResolutionError) {
            let liveOnly = refused.service
            service = refused.path.first ?? liveOnly
            let override =
                "withOverrides { $0.register(\(liveOnly.typeName).self) { _ in … } } or the .overriding trait"
            reason =
                refused.path.count == 1
                ? "it is live-only (registered at \(refused.registrationSite ?? "an unknown place")) and a test context is "
                    + "active: each test that needs it overrides it (\(override)), or it gets a test variant, "
                    + ".when(.test) { _ in … }"
                : "its factory asks for live-only \(liveOnly), which a test context does not run; it was checked up to "
                    + "there, and a test that overrides \(liveOnly.typeName) (\(override)) runs the rest"
        }

        /// `Ticket (arguments: (Int)): not checked: …`.
        public var description: String {
            let arguments = service.argumentTypeNames.isEmpty ? "" : " (arguments: \(service.argumentList))"
            return "\(service)\(arguments): not checked: \(reason)"
        }
    }

    init(
        problems: [ResolutionError], unchecked: [Unchecked] = [], duplicates: [Duplicate] = [],
        unmetRequirements: [UnmetRequirement] = []
    ) {
        self.problems = problems
        self.unchecked = unchecked
        self.duplicates = duplicates
        self.unmetRequirements = unmetRequirements
    }

    public var description: String {
        var lines: [String] = []
        let count = unmetRequirements.count + problems.count + duplicates.count
        if count > 0 {
            lines.append(count == 1 ? "The container has 1 problem:" : "The container has \(count) problems:")
            let texts = unmetRequirements.map(\.description) + problems.map(\.description) + duplicates.map(\.description)
            lines += texts.enumerated().map { "\($0.offset + 1). \($0.element)" }
        }
        if !unchecked.isEmpty {
            lines.append(
                unchecked.count == 1
                    ? "1 registration could not be checked:" : "\(unchecked.count) registrations could not be checked:")
            lines += unchecked.map { "- \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

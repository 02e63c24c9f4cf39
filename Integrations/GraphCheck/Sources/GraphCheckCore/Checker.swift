/// Compares the requirements with the registrations and reports, in the runtime errors' words,
/// what `Container.validate()` would report: missing keys (misspelled names among them), wrong
/// runtime arguments, cycles through factories and captive dependencies; and, as warnings, keys
/// registered twice and whatever it cannot evaluate.
struct Checker {
    let registrations: [RegistrationRecord]
    let requirements: [Requirement]
    /// Keys a `// graphcheck: provided T` marker declares provided elsewhere.
    let provided: [(type: String, name: String?)]
    /// Each file's module, for sites written as the runtime writes them (`Module/File.swift:12`).
    let modules: [String: String]
    private(set) var findings: [Finding] = []
    /// What may answer each type: registrations and forwarded types.
    private let answers: [String: [Answer]]
    /// Registrations whose type the checker could not read.
    private let dynamic: [RegistrationRecord]

    /// Assemblies applied, with where and in which branches.
    var applications: [(assembly: String, place: SourcePlace, branches: [RegistrationRecord.Branch])] = []

    init(
        registrations: [RegistrationRecord], requirements: [Requirement], provided: [(type: String, name: String?)],
        modules: [String: String]
    ) {
        self.registrations = registrations
        self.requirements = requirements
        self.provided = provided
        self.modules = modules
        answers = Self.answers(registrations)
        dynamic = registrations.filter { $0.type == nil }
    }

    /// Runs every check.
    mutating func check() {
        reportUnreadableRegistrations()
        for requirement in requirements { checkRequirement(requirement) }
        reportDuplicates()
        reportAssembliesAppliedTwice()
        reportCycles()
        reportCaptives()
    }

    // MARK: - Keys

    /// A registration or forwarded type that may answer a key.
    private struct Answer {
        let registration: Int
        let type: String
        let name: NameValue
    }

    private static func answers(_ registrations: [RegistrationRecord]) -> [String: [Answer]] {
        var result: [String: [Answer]] = [:]
        for (index, registration) in registrations.enumerated() {
            guard let type = registration.type else { continue }
            result[type, default: []].append(Answer(registration: index, type: type, name: registration.name))
            for forwarded in registration.forwarded {
                result[forwarded.type, default: []].append(Answer(registration: index, type: forwarded.type, name: forwarded.name))
            }
        }
        return result
    }

    /// The registration that answers `requirement` when exactly one can, else `nil`.
    private func uniqueAnswer(_ requirement: Requirement, in answers: [String: [Answer]]) -> Int? {
        guard case .some(let name) = requirement.name.known else { return nil }
        let matching = (answers[requirement.type] ?? []).filter { answer in
            guard case .some(let answerName) = answer.name.known, answerName == name else { return false }
            return Self.argumentsFit(registrations[answer.registration].arguments, requirement.arguments)
        }
        let uncertain = (answers[requirement.type] ?? []).contains { $0.name.known == nil }
        // One key (several registrations of it are alternatives, see `edges`).
        let keys = Set(
            matching.map { "\(registrations[$0.registration].arguments ?? [])|\($0.type == registrations[$0.registration].type)" })
        guard keys.count == 1, !uncertain, let first = matching.first else { return nil }
        return first.registration
    }

    private static func argumentsFit(_ registered: [String]?, _ asked: [String]?) -> Bool {
        guard let registered, let asked else { return true }
        return registered == asked
    }

    // MARK: - Requirements

    private mutating func checkRequirement(_ requirement: Requirement) {
        let service = describeKey(requirement.type, requirement.name)
        let requester = requirement.owner.map { registrations[$0] }.flatMap { owner in owner.type.map { describeKey($0, owner.name) } }
        if requirement.isGeneric {
            warn(
                .unchecked, at: requirement.place, service: service,
                "\(service) is a generic parameter: the checker cannot tell which service is asked for; checked by validate() at run time")
            return
        }
        if requirement.wrapper == .optional { return }
        if provided.contains(where: { $0.type == requirement.type && ($0.name == nil || requirement.name.known == .some($0.name)) }) {
            return
        }
        let candidates = answers[requirement.type] ?? []
        guard case .some(let name) = requirement.name.known else {
            if candidates.isEmpty && dynamic.isEmpty {
                report(
                    requirement, .notRegistered, service: requirement.type, requester: requester,
                    missingMessage(requirement, candidates: []))
            } else {
                warn(
                    .unchecked, at: requirement.place, service: service,
                    "\(requirement.type) is asked for under a name computed at run time (\(Self.nameText(requirement.name))): the checker cannot tell which registration answers; checked by validate() at run time"
                )
            }
            return
        }
        let sameName = candidates.filter { $0.name.known == .some(name) }
        if sameName.contains(where: { Self.argumentsFit(registrations[$0.registration].arguments, requirement.arguments) }) { return }
        if let uncertain = candidates.first(where: { $0.name.known == nil }) {
            let site = registrations[uncertain.registration].place
            warn(
                .unchecked, at: requirement.place, service: service,
                "\(service) may be registered at \(site.short), under a name computed at run time; checked by validate() at run time")
            return
        }
        if let unknown = dynamic.first {
            warn(
                .unchecked, at: requirement.place, service: service,
                "nothing the checker can read registers \(service); the registration at \(unknown.place.short) may (\(unknown.dynamicReason ?? "")); checked by validate() at run time"
            )
            return
        }
        if !sameName.isEmpty, let asked = requirement.arguments {
            let registered = sameName.compactMap { registrations[$0.registration].arguments }
            let registeredText = registered.map { $0.isEmpty ? "no arguments" : "(\($0.joined(separator: ", ")))" }.joined(
                separator: " or ")
            let givenText = asked.isEmpty ? "no arguments" : "(\(asked.joined(separator: ", ")))"
            let first = registered.first ?? []
            let fix =
                first.isEmpty ? "resolve it without arguments" : "pass arguments of types (\(first.joined(separator: ", "))) in that order"
            let message =
                "Cannot resolve \(service): it is registered with \(registeredText), but was asked with \(givenText). Path: \(path(requester, service)). Fix: \(fix)."
            report(requirement, .argumentMismatch, service: service, requester: requester, message)
            return
        }
        report(requirement, .notRegistered, service: service, requester: requester, missingMessage(requirement, candidates: candidates))
    }

    /// `Cannot resolve CacheStore: nothing is registered for it. Path: … Registered for CacheStore: name "disk". Fix: …`.
    private func missingMessage(_ requirement: Requirement, candidates: [Answer]) -> String {
        let service = describeKey(requirement.type, requirement.name)
        let requester = requirement.owner.map { registrations[$0] }.flatMap { owner in owner.type.map { describeKey($0, owner.name) } }
        let arguments = requirement.arguments ?? []
        var text = "Cannot resolve \(service): nothing is registered for it"
        if !arguments.isEmpty { text += " with arguments (\(arguments.joined(separator: ", ")))" }
        text += ". Path: \(path(requester, service))."
        var seen: Set<String> = []
        let misses = candidates.compactMap { answer -> (name: String?, arguments: [String])? in
            guard case .some(let name) = answer.name.known else { return nil }
            let missArguments = registrations[answer.registration].arguments ?? []
            guard seen.insert("\(name ?? "")|\(missArguments)").inserted else { return nil }
            return (name, missArguments)
        }.sorted { ($0.name ?? "", $0.arguments.joined()) < ($1.name ?? "", $1.arguments.joined()) }
        if !misses.isEmpty {
            let list = misses.map { miss in
                var item = miss.name.map { "name \"\($0)\"" } ?? "no name"
                if !miss.arguments.isEmpty { item += " with arguments (\(miss.arguments.joined(separator: ", ")))" }
                return item
            }
            text += " Registered for \(requirement.type): \(list.joined(separator: ", "))."
        }
        let sameArguments = misses.filter { $0.arguments == arguments }
        let fix: String
        if sameArguments.isEmpty {
            let name = requirement.name.known.flatMap { $0 }.map { ", name: \"\($0)\"" } ?? ""
            fix = "register it, e.g. container.register(\(requirement.type).self\(name)) { r in … }"
        } else {
            let names = sameArguments.map { $0.name.map { "name \"\($0)\"" } ?? "it without a name" }
            if let asked = requirement.name.known.flatMap({ $0 }) {
                fix = "register \(requirement.type) with name \"\(asked)\", or ask for \(names.joined(separator: " or "))"
            } else {
                fix = "register \(requirement.type) without a name, or ask for \(names.joined(separator: " or "))"
            }
        }
        return text + " Fix: \(fix)."
    }

    private static func nameText(_ name: NameValue) -> String {
        if case .unknown(let text) = name { return text }
        return ""
    }

    private func path(_ requester: String?, _ service: String) -> String {
        (requester.map { [$0] } ?? []).joined(separator: " → ") + (requester == nil ? service : " → \(service)")
    }

    /// An error, or a warning when the requirement might not run.
    private mutating func report(_ requirement: Requirement, _ kind: Finding.Kind, service: String, requester: String?, _ message: String) {
        if let reason = requirement.conditionalReason {
            findings.append(
                Finding(
                    .warning, kind, at: requirement.place, service: service, requester: requester,
                    message: "\(message) (Not an error here: \(reason); checked by validate() at run time.)"))
        } else {
            findings.append(Finding(.error, kind, at: requirement.place, service: service, requester: requester, message: message))
        }
    }

    private mutating func warn(_ kind: Finding.Kind, at place: SourcePlace, service: String, _ message: String) {
        findings.append(Finding(.warning, kind, at: place, service: service, message: message))
    }

    // MARK: - Registrations

    private mutating func reportUnreadableRegistrations() {
        for registration in registrations {
            let service = registration.type.map { describeKey($0, registration.name) } ?? "this registration"
            if let reason = registration.dynamicReason {
                warn(
                    .unchecked, at: registration.place, service: service,
                    "the checker cannot tell what this registers: \(reason); checked by validate() at run time")
            } else if let reason = registration.unknownDependencies {
                warn(
                    .unchecked, at: registration.place, service: service,
                    "the dependencies of \(service) are not known to the checker: \(reason); checked by validate() at run time")
            } else if case .unknown(let text) = registration.name {
                warn(
                    .unchecked, at: registration.place, service: service,
                    "the name of this registration, \(text), is computed at run time; checked by validate() at run time")
            }
        }
    }

    /// `Module/File.swift:12`, as the runtime writes a registration's site.
    private func site(_ place: SourcePlace) -> String {
        let file = place.path.split(separator: "/").last.map(String.init) ?? place.path
        return modules[place.path].map { "\($0)/\(file):\(place.line)" } ?? "\(file):\(place.line)"
    }

    private mutating func reportDuplicates() {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, registration) in registrations.enumerated() where !registration.isOverride {
            guard let type = registration.type, case .some(let name) = registration.name.known, let arguments = registration.arguments
            else { continue }
            let key = "\(type)|\(name ?? "")|\(name == nil)|\(arguments)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        for key in order {
            guard let members = groups[key], members.count > 1 else { continue }
            // Registrations in different clauses of one `if` or `#if` exclude each other; one
            // marked `.replacing()` replaces on purpose.
            let clashing = members.filter { member in
                !registrations[member].isReplacing
                    && members.contains { other in
                        other != member && !registrations[other].isReplacing && registrations[member].canCoexist(with: registrations[other])
                    }
            }
            guard clashing.count > 1, let first = clashing.first, let type = registrations[first].type else { continue }
            let service = describeKey(type, registrations[first].name)
            let sites = clashing.map { site(registrations[$0].place) }
            let times = sites.count == 2 ? "twice" : "\(sites.count) times"
            let places =
                sites.count == 2
                ? "at \(sites[0]) and at \(sites[1])"
                : "at " + sites.dropLast().joined(separator: ", at ") + " and at \(sites[sites.count - 1])"
            let message =
                "\(service) is registered \(times), \(places): the one registered last answers, so the order of apply decides. "
                + "Fix: register it in one place, or, when the later registration replaces the earlier on purpose (a debug or test "
                + "assembly applied after the app's), mark it with .replacing()"
            for member in clashing {
                findings.append(Finding(.warning, .duplicate, at: registrations[member].place, service: service, message: message))
            }
        }
    }

    /// An assembly applied more than once (outside exclusive branches) registers each of its
    /// keys again: `validate()` reports every one as a duplicate at the same site.
    private mutating func reportAssembliesAppliedTwice() {
        let byType = Dictionary(grouping: applications, by: \.assembly)
        for (assembly, uses) in byType.sorted(by: { $0.key < $1.key }) where uses.count > 1 {
            let clashing = uses.filter { use in
                uses.contains { other in
                    other.place != use.place
                        && !use.branches.contains { branch in
                            other.branches.contains { $0.construct == branch.construct && $0.clause != branch.clause }
                        }
                }
            }
            guard clashing.count > 1 else { continue }
            let sites = clashing.map { site($0.place) }
            let message =
                "\(assembly) is applied \(sites.count == 2 ? "twice" : "\(sites.count) times"), at \(sites.joined(separator: " and at ")): "
                + "each key it registers is registered again (validate() reports each as a duplicate). Fix: apply it once"
            for use in clashing {
                findings.append(Finding(.warning, .duplicate, at: use.place, service: assembly, message: message))
            }
        }
    }

    // MARK: - Graph

    /// The edges the runtime follows when it builds a registration: what its factory or
    /// auto-wired initializer asks for, certainly (not in a branch) and not through a handle.
    /// An edge to a key registered more than once leads to all its registrations (`alternatives`):
    /// the one registered last answers, and the checker does not know which that is.
    /// What each factory asks for, by registration; `throughLazy`: a `Lazy` too (it keeps what
    /// it resolves, so it counts for the captive rule), never a `Provider` — asked for by a
    /// closure, as `validate()` sees it (an auto-wired parameter's `Lazy` it leaves to the resolve).
    private func edges(
        includingHooks: Bool, throughLazy: Bool = false
    ) -> [Int: [(target: Int, alternatives: [Int], requirement: Requirement)]] {
        var edges: [Int: [(Int, [Int], Requirement)]] = [:]
        var byKey: [String: [Int]] = [:]
        for (index, registration) in registrations.enumerated() {
            guard let type = registration.type, case .some(let name) = registration.name.known else { continue }
            byKey["\(type)|\(name ?? "")|\(registration.arguments ?? [])", default: []].append(index)
        }
        for requirement in requirements {
            guard let owner = requirement.owner, requirement.conditionalReason == nil,
                !requirement.isDeferred || (throughLazy && requirement.wrapper == .lazy && requirement.role == .factory),
                requirement.role == .factory || requirement.role == .autoWired || (includingHooks && requirement.role == .hook),
                let target = uniqueAnswer(requirement, in: answers)
            else { continue }
            let registration = registrations[target]
            guard let type = registration.type, case .some(let name) = registration.name.known,
                let alternatives = byKey["\(type)|\(name ?? "")|\(registration.arguments ?? [])"]
            else { continue }
            edges[owner, default: []].append((target, alternatives, requirement))
        }
        return edges
    }

    private func key(_ index: Int) -> String {
        describeKey(registrations[index].type ?? "?", registrations[index].name)
    }

    private mutating func reportCycles() {
        let edges = self.edges(includingHooks: false)
        var state: [Int: Bool] = [:]  // false: on the path; true: done
        var stack: [Int] = []
        var reported: Set<[String]> = []
        var found: [Finding] = []

        func visit(_ node: Int) {
            state[node] = false
            stack.append(node)
            for (target, alternatives, _) in edges[node] ?? [] where alternatives.count == 1 {
                switch state[target] {
                case .none:
                    visit(target)
                case .some(false):
                    guard let start = stack.firstIndex(of: target) else { continue }
                    let members = Array(stack[start...])
                    let names = members.map(key)
                    let order = members.map { (registrations[$0].type ?? "", registrations[$0].name.known.flatMap { $0 } ?? "") }
                    guard reported.insert(names.sorted()).inserted,
                        let smallest = order.indices.min(by: { order[$0] < order[$1] })
                    else { continue }
                    let rotated = Array(members[smallest...] + members[..<smallest])
                    let cycle = (rotated + [rotated[0]]).map(key).joined(separator: " → ")
                    let from = rotated[0]
                    let to = rotated.count > 1 ? rotated[1] : rotated[0]
                    guard let edge = (edges[from] ?? []).first(where: { $0.target == to }) else { continue }
                    let message =
                        "Cannot resolve \(key(from)): circular dependency \(cycle). Path: \(cycle). Fix: break the cycle: resolve one "
                        + "side's back-reference in an initCompleted hook instead of its factory (register(…).initCompleted { r, "
                        + "service in … }), with a graph, singleton or weak lifetime for the other side, or move what both sides need "
                        + "into a third service."
                    found.append(Finding(.error, .circularDependency, at: edge.requirement.place, service: key(from), message: message))
                case .some(true):
                    break
                }
            }
            stack.removeLast()
            state[node] = true
        }
        for node in registrations.indices where state[node] == nil { visit(node) }
        findings += found
    }

    private mutating func reportCaptives() {
        let direct = edges(includingHooks: true, throughLazy: true)
        let onward = edges(includingHooks: false, throughLazy: true)
        for (consumer, registration) in registrations.enumerated() where !registration.isInstance {
            // Only a consumer the container keeps (singleton, weak, custom) outlives every scope:
            // between two scopes the order depends on how the app nests them, which `validate()`
            // leaves to the resolve too.
            guard case .always = registration.lifetime.keeps else { continue }
            // A factory taking runtime arguments never runs in `validate()`: the resolve checks it.
            guard registration.arguments?.isEmpty == true else { continue }
            var seen: Set<Int> = [consumer]
            for (first, firstAlternatives, requirement) in direct[consumer] ?? [] {
                var queue: [(node: Int, alternatives: [Int], path: [Int])] = [(first, firstAlternatives, [consumer, first])]
                while let (node, alternatives, path) = queue.popLast() {
                    guard seen.insert(node).inserted else { continue }
                    // A key registered more than once: only what all its registrations agree on.
                    let lifetimes = Set(alternatives.map { registrations[$0].lifetime })
                    guard lifetimes.count == 1 else { continue }
                    switch registrations[node].lifetime {
                    case .transient, .graph:
                        guard alternatives.count == 1 else { continue }
                        queue += (onward[node] ?? []).map { ($0.target, $0.alternatives, path + [$0.target]) }
                    case .scoped(let captured):
                        let consumerType = registrations[consumer].type ?? "?"
                        let dependencyType = registrations[node].type ?? "?"
                        let message =
                            "Cannot resolve \(key(node)): \(key(consumer)) lives longer than \(key(node)), an instance of the "
                            + "\(captured) scope, and would keep it after that scope ends (a captive dependency). Path: "
                            + "\(path.map(key).joined(separator: " → ")). Fix: let \(consumerType) take a Provider<\(dependencyType)> "
                            + "and call it each time it needs one, or register \(consumerType) with lifetime .scoped(\"\(captured)\") "
                            + "(or transient) too."
                        findings.append(
                            Finding(
                                .error, .captiveDependency, at: requirement.place, service: key(node), requester: key(consumer),
                                message: message))
                    default:
                        continue
                    }
                }
            }
        }
    }
}

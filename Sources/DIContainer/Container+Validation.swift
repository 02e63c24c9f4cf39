/// Whole-graph validation and introspection.
extension Container {
    /// Checks every registration before the app runs and reports **every** problem at once:
    /// missing registrations, circular dependencies, argument mismatches and failing factories,
    /// each with its resolution path, and keys registered twice in one container (both places;
    /// see `Registration.replacing()`). Synchronous and strict: what it cannot check fails it too.
    /// Apps usually call `validateAsync()`, which checks more and fails only over real problems.
    ///
    /// ```swift
    /// Container.shared.apply(AppAssembly())
    /// try Container.shared.validate()   // throws ValidationError listing all problems
    /// ```
    ///
    /// It checks the registrations as they answer in the current contexts (`validate(in:)` for
    /// others; in a test context every live-only one is a problem). Auto-wired ones are checked
    /// from their parameter types (a parameter whose registration is `async` is a problem:
    /// auto-wiring resolves synchronously), a closure from what a completed run asked for (validation's, or
    /// a resolve's where validation could not simply run it again: see the catalogue), else by
    /// resolving it as `resolve` would: a `singleton` it builds is kept (its factory runs once in
    /// the container's life; a `Lazy` of it is no longer deferred), other instances are dropped.
    /// Closures with runtime arguments, `async` ones and, off the main actor, `registerMainActor`
    /// ones are listed in `ValidationError.unchecked`, and fail it.
    ///
    /// - Throws: `ValidationError` whose `problems` are sorted by the failing service's path.
    public func validate() throws {
        try refuseAfterShutdown("validate()")
        try inspect(.keeping).check(strict: true)
    }

    /// The validation for apps and tests: `validate()`, also running `async` factories and, on
    /// the main actor, `registerMainActor` ones. What still cannot be checked is returned, and
    /// fails it only when `strict`: closures that take runtime arguments and never ran, and — in
    /// a test context — the live-only services, which tests override, with each registration
    /// whose run stopped at one (checked up to there).
    ///
    /// ```swift
    /// Container.shared.apply(AppAssembly())
    /// try await Container.shared.validateAsync()
    /// ```
    ///
    /// - Parameter strict: Whether a registration it could not check fails it (a live-only
    ///   service in a test context is then a problem, as in `validate()`).
    /// - Returns: The registrations it could not check, in registration order, then what tests
    ///   override.
    /// - Throws: `ValidationError` listing every problem (and, when `strict`, every unchecked
    ///   registration).
    @discardableResult
    public func validateAsync(strict: Bool = false) async throws -> [ValidationError.Unchecked] {
        try refuseAfterShutdown("validateAsync()")
        let inspection = await inspectAsync()
        try inspection.check(strict: strict)
        return inspection.lenientUnchecked
    }

    /// Every registration visible from this container — its own, its ancestors' and the test
    /// overrides in effect — in registration order, with its dependencies.
    ///
    /// A closure's dependencies are those its first completed run asked for: this runs the
    /// factories that never ran, as `validate()` does, so the list is the same before and after,
    /// but keeps nothing they build (a singleton not built yet is built for this run only; the
    /// app's first resolve builds its own). Printing a container (`description`) runs nothing.
    ///
    /// ```swift
    /// for info in container.registrations { print(info) }
    /// // CourseRepository (name: local) · singleton · depends on CacheStore · registered at App/RepositoryAssembly.swift:14
    /// ```
    public var registrations: [Registration.Info] {
        inspect(.discarding).entries.map(info(of:))
    }

    // MARK: - Internals

    /// What a validation found.
    struct Inspection {
        let entries: [Entry]
        /// Every problem, live-only services a test context refused included.
        let problems: [ResolutionError]
        let unchecked: [ValidationError.Unchecked]
        /// What a test context refused: the live-only services, and the registrations whose run
        /// stopped at one. Tests override them; a lenient check lists them as unchecked.
        let overriddenInTests: [ValidationError.Unchecked]
        /// Keys registered twice without `Registration.replacing()`.
        let duplicates: [ValidationError.Duplicate]
        /// What applied assemblies require and nothing registers.
        let unmet: [ValidationError.UnmetRequirement]

        /// What a lenient check returns: the unchecked registrations, then what tests override.
        var lenientUnchecked: [ValidationError.Unchecked] { unchecked + overriddenInTests }

        /// Throws the problems; when `strict`, also what could not be checked. A lenient check
        /// reports what tests override as unchecked, not as problems.
        func check(strict: Bool) throws {
            if strict {
                if !problems.isEmpty || !unchecked.isEmpty || !duplicates.isEmpty || !unmet.isEmpty {
                    throw ValidationError(problems: problems, unchecked: unchecked, duplicates: duplicates, unmetRequirements: unmet)
                }
                return
            }
            let problems = overriddenInTests.isEmpty ? self.problems : self.problems.filter { !$0.isLiveOnly }
            if !problems.isEmpty || !duplicates.isEmpty || !unmet.isEmpty {
                throw ValidationError(
                    problems: problems, unchecked: lenientUnchecked, duplicates: duplicates, unmetRequirements: unmet)
            }
        }
    }

    /// Throws `shutDown` once the container was shut down.
    private func refuseAfterShutdown(_ call: String) throws {
        guard registry.isShutDown else { return }
        throw ResolutionError(.shutDown, path: [ServiceKey(typeName: "Container.\(call)")])
    }

    /// Runs what must run to know every dependency, then checks the dependencies.
    func inspect(_ dryRun: Resolution.DryRun) -> Inspection {
        let scope = currentScope
        let entries = visibleEntries(scope: scope)
        let (answering, refused) = Self.answering(entries)
        var problems = refused
        var offMainActor: [Entry] = []
        let opened = ValidationScopes(answering)
        opened.run {
            for entry in answering where entry.needsDryRun && !entry.isAsync {
                if let problem = self.dryRun(entry, dryRun) {
                    if case .mainActorRequired = problem.kind { offMainActor.append(entry) } else { problems.append(problem) }
                }
            }
        }
        ledger.endInBackground(opened.close(), reason: .scopeSucceeded)
        return finishInspection(entries, answering, scope: scope, problems: problems, offMainActor: offMainActor)
    }

    /// `inspect(_:)` (keeping what it builds) that also runs `async` factories, and what needs the main actor
    /// there.
    func inspectAsync() async -> Inspection {
        let scope = currentScope
        let entries = visibleEntries(scope: scope)
        let (answering, refused) = Self.answering(entries)
        var problems = refused
        let opened = ValidationScopes(answering)
        await opened.run {
            // Eager registrations first, as `start()` builds them: an `async` one is then kept for
            // synchronous dependents.
            for entry in answering.filter(\.isEager) + answering.filter({ !$0.isEager }) where entry.needsDryRun {
                var problem = entry.isAsync ? await dryRunAsync(entry) : entry.isMainActor ? nil : dryRun(entry, .keeping)
                var needsMainActor = entry.isMainActor
                if case .mainActorRequired? = problem?.kind { needsMainActor = !entry.isAsync }
                if needsMainActor { problem = await MainActor.run { dryRun(entry, .keeping) } }
                if let problem { problems.append(problem) }
            }
        }
        _ = await Ending.run(opened.close(), reason: .scopeSucceeded, until: nil, in: self)
        return finishInspection(entries, answering, scope: scope, problems: problems, offMainActor: [])
    }

    /// Runs `entry`'s factory at top level; the problem it hit, if any.
    private func dryRun(_ entry: Entry, _ mode: Resolution.DryRun) -> ResolutionError? {
        do {
            try entry.dryRun(in: self, mode)
            return nil
        } catch {
            return Self.problem(error, entry)
        }
    }

    private func dryRunAsync(_ entry: Entry) async -> ResolutionError? {
        do {
            try await entry.dryRunAsync(in: self, .keeping)
            return nil
        } catch {
            return Self.problem(error, entry)
        }
    }

    private static func problem(_ error: any Error, _ entry: Entry) -> ResolutionError? {
        // A value handed into its scope when it opens: validation's own scopes were given none.
        if let error = error as? ResolutionError, case .notProvided = error.kind { return nil }
        return problemText(error, entry)
    }

    private static func problemText(_ error: any Error, _ entry: Entry) -> ResolutionError {
        error as? ResolutionError
            ?? ResolutionError(.factoryFailed(underlying: error), path: [entry.service], registrationSite: entry.site)
    }

    /// The static part: every known dependency answered, no cycles; and what stayed unknown —
    /// `offMainActor` lists the registrations whose dry run needed the main actor.
    private func finishInspection(
        _ entries: [Entry], _ answering: [Entry], scope: OverrideScope?, problems: [ResolutionError], offMainActor: [Entry]
    ) -> Inspection {
        var problems = problems
        var unchecked = offMainActor.map { ValidationError.Unchecked($0, needsMainActor: true) }
        let skipped = Set(offMainActor.map(\.key))
        for entry in answering where !entry.isInstance && !skipped.contains(entry.key) {
            guard let dependencies = entry.knownDependencies else {
                unchecked.append(ValidationError.Unchecked(entry))
                continue
            }
            for dependency in dependencies where !dependency.isOptional && self.entry(for: dependency.key, scope: scope) == nil {
                problems.append(
                    missingError(
                        for: dependency.key, requested: dependency.service, path: [entry.service, dependency.service],
                        scope: scope, isAutoWiredParameter: entry.definition.dependencyTypes != nil))
            }
            problems += asyncParameters(of: entry, scope: scope)
            // What the initCompleted hooks ask for must be registered too; it closes no cycle.
            for dependency in entry.hookDependencies ?? []
            where !dependency.isOptional && self.entry(for: dependency.key, scope: scope) == nil {
                problems.append(
                    missingError(
                        for: dependency.key, requested: dependency.service, path: [entry.service, dependency.service],
                        scope: scope))
            }
        }
        problems += cycles(in: answering, scope: scope)
        problems += captives(in: answering, scope: scope)
        return Inspection(
            entries: entries, problems: Self.distinct(problems), unchecked: unchecked,
            overriddenInTests: Self.overriddenInTests(problems, entries), duplicates: duplicates,
            unmet: unmetRequirements(scope: scope))
    }

    /// An auto-wired initializer's parameters that have an `async` factory: auto-wiring resolves
    /// every parameter synchronously, so neither `resolve` nor `resolveAsync` can build it.
    private func asyncParameters(of entry: Entry, scope: OverrideScope?) -> [ResolutionError] {
        guard let declared = entry.declaredDependencies else { return [] }
        return declared.compactMap { dependency in
            guard !dependency.isDeferred, let found = self.entry(for: dependency.key, scope: scope) else { return nil }
            guard let target = found.kind == .forwarding ? found.forwardingTarget : found, target.isAsync,
                !(target.isEager && target.slot != nil)
            else { return nil }
            return ResolutionError(
                .asyncFactory, path: [entry.service, dependency.service], registrationSite: target.site,
                asker: entry.isMainActor ? .mainActor : .autoWired)
        }
    }

    /// What a test context refused, in registration order: each live-only service, and each
    /// registration whose run stopped at one (checked up to there).
    private static func overriddenInTests(_ problems: [ResolutionError], _ entries: [Entry]) -> [ValidationError.Unchecked] {
        // Names are costly to make: only when a test context refused something.
        guard problems.contains(where: \.isLiveOnly) else { return [] }
        var seen: Set<String> = []
        var found: [(order: Int, unchecked: ValidationError.Unchecked)] = []
        let order = Dictionary(entries.enumerated().map { ($0.element.service.description, $0.offset) }) { first, _ in first }
        for problem in problems where problem.isLiveOnly {
            guard let first = problem.path.first, seen.insert(first.description).inserted else { continue }
            let unchecked = ValidationError.Unchecked(liveOnly: problem)
            found.append((order[first.description] ?? entries.count, unchecked))
        }
        return found.sorted { $0.order < $1.order }.map(\.unchecked)
    }

    /// The keys registered again here or in an ancestor without `Registration.replacing()`,
    /// ancestors first: a chain of replacements of one key (A by B, B by C) is one duplicate.
    var duplicates: [ValidationError.Duplicate] {
        var result: [ValidationError.Duplicate] = []
        for container in lineage.reversed() {
            var chains: [(key: Key, definition: Entry.Definition, sites: [String])] = []
            for replacement in container.registry.duplicates {
                let (earlier, later) = (replacement.replaced.site, replacement.by.site)
                if let index = chains.lastIndex(where: { $0.key == replacement.by.key }), chains[index].sites.last == earlier {
                    chains[index].sites.append(later)
                } else {
                    chains.append((replacement.by.key, replacement.by, [earlier, later]))
                }
            }
            result += chains.map { ValidationError.Duplicate(service: $0.definition.service, sites: $0.sites) }
        }
        return result
    }

    /// Registrations visible from here, in registration order: ancestors, this container, then
    /// overrides; a later registration of a key replaces an earlier one in its place.
    func visibleEntries(scope: OverrideScope?) -> [Entry] {
        let overrideLayers = (scope?.chain ?? []).reversed().filter { isOrDescends(from: $0.target) }.map(\.entries)
        // One layer (no ancestors, no overrides): its registrations, one per key already.
        if parent == nil, overrideLayers.isEmpty { return registry.allEntries }
        var order: [Key] = []
        var byKey: [Key: Entry] = [:]
        for entries in lineage.reversed().map({ $0.registry.allEntries }) + overrideLayers {
            for entry in entries {
                if byKey.updateValue(entry, forKey: entry.key) == nil { order.append(entry.key) }
            }
        }
        return order.compactMap { byKey[$0] }
    }

    /// Cycles among the known dependencies (a dry run finds those it walks; this finds the rest).
    private func cycles(in entries: [Entry], scope: OverrideScope?) -> [ResolutionError] {
        var errors: [ResolutionError] = []
        var state: [EntryID: Bool] = .init(minimumCapacity: entries.count)  // false: on the current path, true: done
        var stack: [Entry] = []

        func visit(_ entry: Entry) {
            state[EntryID(entry)] = false
            stack.append(entry)
            for dependency in entry.knownDependencies ?? [] where !dependency.isDeferred {
                guard let next = self.entry(for: dependency.key, scope: scope) else { continue }
                switch state[EntryID(next)] {
                case .none:
                    visit(next)
                case .some(false):
                    let start = stack.firstIndex { $0 === next } ?? 0
                    let cycle = Self.canonical(stack[start...].map(\.service))
                    errors.append(ResolutionError(.circularDependency(cycle: cycle), path: cycle))
                case .some(true):
                    break
                }
            }
            stack.removeLast()
            state[EntryID(entry)] = true
        }

        for entry in entries where state[EntryID(entry)] == nil {
            visit(entry)
        }
        return errors
    }

    /// Captive dependencies among the known dependencies (a dry run finds those it walks): an
    /// entry kept by the container (singleton, weak, custom) reaching, through transient and
    /// `graph` ones that keep nothing and through `Lazy` (which keeps what it resolves, where a
    /// `Provider` does not), an entry of a scope. Between two scopes the order depends on how the
    /// app nests them, which only a resolve sees: `resolve` checks those. The path is kept as
    /// entries: a service's name is made only for an error.
    private func captives(in entries: [Entry], scope: OverrideScope?) -> [ResolutionError] {
        var errors: [ResolutionError] = []
        for consumer in entries {
            switch consumer.lifetime {
            case .transient, .graph: continue
            case .scoped(let kept) where kept.storage == nil: continue
            default: break
            }
            var seen: Set<EntryID> = [EntryID(consumer)]
            var paths: [(path: [Entry], dependencies: [Dependency])] = [
                ([consumer], (consumer.knownDependencies ?? []) + (consumer.hookDependencies ?? []))
            ]
            while let (path, dependencies) = paths.popLast() {
                for dependency in dependencies where !dependency.isDeferred || dependency.isKept {
                    guard var next = self.entry(for: dependency.key, scope: scope), seen.insert(EntryID(next)).inserted
                    else { continue }
                    var nextPath = path + [next]
                    if next.kind == .forwarding, let target = next.forwardingTarget {
                        next = target.answering
                        nextPath.append(next)
                    }
                    switch next.lifetime {
                    case .transient, .graph:
                        paths.append((nextPath, next.knownDependencies ?? []))
                    case .scoped(let captured) where captured.storage == nil:
                        var error = ResolutionError(
                            .captiveDependency(consumer: consumer.service, dependency: next.service, scope: captured),
                            path: nextPath.map(\.service), registrationSite: consumer.site)
                        error.consumerLifetime = Lifespan.container.description(of: consumer)
                        errors.append(error)
                    default:
                        continue
                    }
                }
            }
        }
        return errors
    }

    /// A cycle's members rotated to start at the smallest, closed by repeating it: the same text
    /// whatever the registration order. (Type names, costly, are made only for its members.)
    private static func canonical(_ members: [ServiceKey]) -> [ServiceKey] {
        guard let smallest = members.indices.min(by: { members[$0] < members[$1] }) else { return members }
        let rotated = Array(members[smallest...] + members[..<smallest])
        return rotated + [rotated[0]]
    }

    /// One report per distinct problem (a missing key per requester; a cycle whichever member it
    /// was entered from; a live-only service whoever asked), sorted by path.
    private static func distinct(_ problems: [ResolutionError]) -> [ResolutionError] {
        var seen: Set<String> = []
        var result: [ResolutionError] = []
        // Shortest path first; among equally short ones the first in text order, so which
        // report of a duplicate survives never depends on the registration order.
        let text = { (problem: ResolutionError) in problem.path.map(\.description).joined(separator: " → ") }
        for problem in problems.sorted(by: { ($0.path.count, text($0)) < ($1.path.count, text($1)) }) {
            let identity: String
            switch problem.kind {
            case .circularDependency(let cycle):
                identity = "cycle:" + Set(cycle.map(\.description)).sorted().joined(separator: "|")
            case .liveOnly:
                identity = "liveOnly:\(problem.service)"
            default:
                let requester = problem.path.dropLast().last?.description ?? ""
                identity = "\(problem.kind.label):\(requester)→\(problem.service)"
            }
            if seen.insert(identity).inserted { result.append(problem) }
        }
        return result.sorted { text($0) < text($1) }
    }
}

extension Entry.Definition {
    /// `Module/File.swift:12`.
    var site: String { "\(file):\(line)" }
    /// The registration in readable form.
    var service: ServiceKey { ServiceKey(serviceType, name: key.name, argumentTypes: argumentTypes) }
}

extension ResolutionError.Kind {
    /// A stable name of the kind, for grouping.
    var label: String {
        switch self {
        case .notRegistered: "notRegistered"
        case .circularDependency: "circularDependency"
        case .argumentMismatch: "argumentMismatch"
        case .asyncFactory: "asyncFactory"
        case .mainActorRequired: "mainActorRequired"
        case .depthLimitExceeded: "depthLimitExceeded"
        case .factoryFailed: "factoryFailed"
        case .forwardingMismatch: "forwardingMismatch"
        case .initCompletedFailed: "initCompletedFailed"
        case .containerReleased: "containerReleased"
        case .liveOnly: "liveOnly"
        case .shutDown: "shutDown"
        case .captiveDependency: "captiveDependency"
        case .scopeNotOpen: "scopeNotOpen"
        case .notProvided: "notProvided"
        }
    }
}

extension Container: CustomStringConvertible {
    /// A readable summary: `Container with 2 registrations:`, then one line per registration.
    ///
    /// It shows what is known now and runs no factory: a closure that never ran is listed with
    /// its dependencies unknown (`registrations` runs it to learn them).
    public var description: String {
        let infos = visibleEntries(scope: currentScope).map(info(of:))
        let header =
            "Container with \(infos.count) registration\(infos.count == 1 ? "" : "s")"
            + (parent == nil ? "" : " (and a parent)") + (infos.isEmpty ? "" : ":")
        return ([header] + infos.map { "  \($0)" }).joined(separator: "\n")
    }
}

import Synchronization

/// Whole-graph validation and introspection.
extension Container {
    /// Checks every registration before the app runs and reports **every** problem at once:
    /// missing registrations, circular dependencies, argument mismatches and failing factories,
    /// each with its resolution path.
    ///
    /// ```swift
    /// Container.shared.apply(AppAssembly())
    /// try Container.shared.validate()   // throws ValidationError listing all problems
    /// ```
    ///
    /// How each registration is checked:
    /// - auto-wired ones (`initializer:`) from their parameter types, without building anything;
    /// - factory closures by a *dry run*: the factory is run in an isolated scope, like the one of
    ///   `withOverrides`, whose `singleton`, `weak` and `graph` instances are the scope's own and
    ///   are dropped afterwards. Nothing built reaches the container, and a singleton the
    ///   container already built is reused as it is, not built again. A singleton not built yet
    ///   is built once in the dry run and once more on its first real resolve: factories' own
    ///   side effects (opening a file, say) happen during validation;
    /// - registrations that need runtime arguments: auto-wired ones (`argument:initializer:`) for
    ///   all their dependencies; closures with arguments cannot be run without the arguments and
    ///   are not dry-run;
    /// - `async` factories are not dry-run (validation is synchronous); their dependencies are
    ///   still checked when something else depends on them.
    ///
    /// The dependencies seen during the dry run also feed `registrations` and the graph export.
    ///
    /// - Throws: `ValidationError` whose `problems` are sorted by the failing service's path.
    public func validate() throws {
        let problems = inspect().problems
        if !problems.isEmpty {
            throw ValidationError(problems: problems)
        }
    }

    /// Every registration visible from this container — its own, its ancestors' and the test
    /// overrides in effect — in registration order, with its dependencies as declared (auto-wired
    /// initializers) or as observed by the last `validate()` or graph export.
    ///
    /// ```swift
    /// for info in container.registrations { print(info) }
    /// // CourseRepository (name: local) · singleton · depends on CacheStore · registered at App/RepositoryAssembly.swift:14
    /// ```
    public var registrations: [Registration.Info] {
        let observed = lastInspection.withLock { $0 }
        return visibleEntries(scope: CurrentScope.current).map { entry in
            Registration.Info(entry: entry, observedDependencies: observed?.dependencies(of: entry))
        }
    }

    // MARK: - Internals

    /// The result of a dry run over the whole container.
    struct Inspection {
        let entries: [Entry]
        let recorder: DependencyRecorder
        let problems: [ResolutionError]

        func dependencies(of entry: Entry) -> [Dependency] {
            entry.declaredDependencies ?? recorder.dependencies(of: entry) ?? []
        }
    }

    /// Dry-runs every registration in an isolated scope and gathers problems and dependencies.
    func inspect() -> Inspection {
        let recorder = DependencyRecorder()
        let outer = CurrentScope.current
        let scope = Scope(target: self, overrides: nil, parent: outer, recorder: recorder)
        let entries = visibleEntries(scope: outer)
        var problems: [ResolutionError] = []

        CurrentScope.openCount.add(1, ordering: .relaxed)
        defer { CurrentScope.openCount.subtract(1, ordering: .relaxed) }
        CurrentScope.$value.withValue(scope) {
            for entry in entries where !entry.isInstance {
                if let declared = entry.declaredDependencies {
                    for dependency in declared where self.entry(for: dependency.key, scope: scope) == nil {
                        problems.append(missingError(
                            for: dependency.key, requested: dependency.service,
                            path: [entry.service, dependency.service], scope: scope))
                    }
                } else if entry.key.arguments == Key.noArguments, let factory = entry as? any DryRunnable {
                    do {
                        try factory.dryRun(in: self, key: entry.key)
                    } catch let error as ResolutionError {
                        problems.append(error)
                    } catch {
                        problems.append(ResolutionError(
                            .factoryFailed(underlying: error), path: [entry.service], registrationSite: entry.site))
                    }
                }
            }
        }
        let inspection = Inspection(entries: entries, recorder: recorder, problems: [])
        problems += cycles(in: inspection, scope: scope)
        if outer == nil {
            // What a dry run under test overrides observed describes the overridden graph.
            lastInspection.withLock { $0 = recorder }
        }
        return Inspection(entries: entries, recorder: recorder, problems: Self.distinct(problems))
    }

    /// Registrations visible from here, in registration order: ancestors first, then this
    /// container, then overrides; a later registration of the same key replaces an earlier one
    /// in its place.
    func visibleEntries(scope: Scope?) -> [Entry] {
        var order: [Key] = []
        var byKey: [Key: Entry] = [:]
        var overrideScopes: [Scope] = []
        var next = scope
        while let current = next {
            overrideScopes.append(current)
            next = current.parent
        }
        let layers = lineage.reversed().map(\.registry.allEntries)
            + overrideScopes.reversed().compactMap { $0.overrides?.allEntries }
        for entries in layers {
            for entry in entries {
                if byKey.updateValue(entry, forKey: entry.key) == nil { order.append(entry.key) }
            }
        }
        return order.compactMap { byKey[$0] }
    }

    /// Cycles among declared (auto-wired) dependencies, which no dry run walks.
    private func cycles(in inspection: Inspection, scope: Scope) -> [ResolutionError] {
        var errors: [ResolutionError] = []
        var state: [ObjectIdentifier: Bool] = [:]  // false: on the current path, true: done
        var stack: [Entry] = []

        func visit(_ entry: Entry) {
            state[ObjectIdentifier(entry)] = false
            stack.append(entry)
            for dependency in inspection.dependencies(of: entry) {
                guard let next = self.entry(for: dependency.key, scope: scope) else { continue }
                switch state[ObjectIdentifier(next)] {
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
            state[ObjectIdentifier(entry)] = true
        }

        for entry in inspection.entries where state[ObjectIdentifier(entry)] == nil {
            visit(entry)
        }
        return errors
    }

    /// A cycle's members rotated to start at the smallest, closed by repeating it — the same
    /// text whichever member the search entered the cycle by (so whatever the registration
    /// order). Type names are made only for the members of a cycle: they are costly.
    private static func canonical(_ members: [ServiceKey]) -> [ServiceKey] {
        guard let smallest = members.indices.min(by: { members[$0] < members[$1] }) else { return members }
        let rotated = Array(members[smallest...] + members[..<smallest])
        return rotated + [rotated[0]]
    }

    /// One report per distinct problem (the same missing key reached from two registrations is
    /// one problem per requester; a cycle is one problem whichever member it was entered from),
    /// sorted by path.
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
            default:
                let requester = problem.path.dropLast().last?.description ?? ""
                identity = "\(problem.kind.label):\(requester)→\(problem.service)"
            }
            if seen.insert(identity).inserted { result.append(problem) }
        }
        return result.sorted { text($0) < text($1) }
    }
}

extension ResolutionError.Kind {
    /// A stable name of the kind, for grouping.
    var label: String {
        switch self {
        case .notRegistered: "notRegistered"
        case .circularDependency: "circularDependency"
        case .argumentMismatch: "argumentMismatch"
        case .asyncFactory: "asyncFactory"
        case .depthLimitExceeded: "depthLimitExceeded"
        case .factoryFailed: "factoryFailed"
        case .containerReleased: "containerReleased"
        }
    }
}

extension Container: CustomStringConvertible {
    /// A readable summary: how many registrations, then one line per registration.
    ///
    /// ```text
    /// Container with 2 registrations:
    ///   CacheStore · singleton · registered at App/Assembly.swift:10
    ///   CourseRepository · transient · depends on CacheStore · registered at App/Assembly.swift:11
    /// ```
    public var description: String {
        let infos = registrations
        let header = "Container with \(infos.count) registration\(infos.count == 1 ? "" : "s")"
            + (parent == nil ? "" : " (and a parent)") + (infos.isEmpty ? "" : ":")
        return ([header] + infos.map { "  \($0)" }).joined(separator: "\n")
    }
}

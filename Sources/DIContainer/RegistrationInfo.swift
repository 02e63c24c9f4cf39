/// A readable description of one registration: what, how long it lives, what it needs and
/// where it was registered. Spelled `Registration.Info`.
///
/// A forwarded type (`Registration.implements(_:name:)`) is listed as an alias of its
/// registration, with that registration's lifetime:
///
/// ```text
/// TokenProvider · alias of UserSession · singleton · registered at App/SessionAssembly.swift:8
/// ```
public struct RegistrationInfo: Sendable, Hashable, CustomStringConvertible {
    /// The service type, name and runtime argument types.
    public let service: ServiceKey
    /// How long resolved instances live (for an alias, those of the registration it forwards to).
    public let lifetime: Lifetime
    /// For a forwarded type (`Registration.implements(_:name:)`): the registration it resolves to.
    public let aliasOf: ServiceKey?
    /// How many `initCompleted` hooks run on each new instance.
    public let initCompletedHooks: Int
    /// Whether the factory is `async` (resolve it with `resolveAsync`).
    public let isAsync: Bool
    /// Whether it is a ready-made instance (`register(_:name:instance:)`).
    public let isInstance: Bool
    /// Whether its factory is `@MainActor` (`registerMainActor`): resolved on the main actor only.
    public let isMainActor: Bool
    /// The services it depends on, in the order its factory asks for them.
    public let dependencies: [ServiceKey]
    /// The part of `dependencies` asked for through a `Lazy` or a `Provider` (no part of a cycle).
    public let deferredDependencies: [ServiceKey]
    /// The part of `dependencies` asked for as optionals (`resolve(S?.self)`, an `S?` parameter):
    /// `nil`, not an error, when nothing answers them.
    public let optionalDependencies: [ServiceKey]
    /// What the `initCompleted` hooks asked for on their first run (no part of a cycle).
    public let initCompletedDependencies: [ServiceKey]
    /// Where `dependencies` comes from.
    public let dependencySource: DependencySource
    /// The file (`Module/File.swift`) where it was registered.
    public let file: String
    /// The line where it was registered.
    public let line: Int
    /// Where each decorator was added (`Module/File.swift:12`), in the order they apply.
    public let decorators: [String]
    /// Its variants per context (`Registration.when`), in the order added.
    public let variants: [Variant]
    /// Whether it is live-only (`Registration.liveOnly()`): a test must override it.
    public let isLiveOnly: Bool
    /// Whether it is a default (`Registration.asDefault()`) answering because nothing else
    /// registers its key.
    public let isDefault: Bool
    /// Where the default this registration replaced was registered (`Module/File.swift:12`),
    /// when a default (`Registration.asDefault()`) yielded to it; else `nil`.
    public let yieldedDefault: String?

    /// A registration's variant for one context, and the variant's lifetime.
    public struct Variant: Sendable, Hashable, CustomStringConvertible {
        /// The context the variant answers in, and the variant's lifetime.
        public let context: Context, lifetime: Lifetime
        public var description: String { "\(context) (\(lifetime))" }
    }

    /// How the dependencies of a registration are known.
    public enum DependencySource: String, Sendable, Hashable {
        /// From the initializer's parameter types (auto-wiring), without building anything.
        case declared
        /// Seen on the factory's first completed run (a resolve, `validate()`, or introspection).
        case observed
        /// Not known: the factory never ran (it needs runtime arguments, or is `async`).
        case unknown
        /// A ready-made instance has none.
        case notApplicable
    }

    init(_ entry: Entry, isDefault: Bool = false, yieldedDefault: String? = nil) {
        self.isDefault = isDefault
        self.yieldedDefault = yieldedDefault
        service = entry.service
        let target = entry.forwardingTarget
        lifetime = target?.lifetime ?? entry.lifetime
        aliasOf = target?.service
        initCompletedHooks = entry.hooks.count
        isAsync = entry.isAsync
        isInstance = entry.isInstance
        isMainActor = entry.isMainActor
        file = "\(entry.file)"
        line = Int(entry.line)
        decorators = entry.decorators.map(\.site)
        variants = entry.variants.map { Variant(context: $0.context, lifetime: $0.entry.lifetime) }
        isLiveOnly = entry.additions?.refusal != nil
        var known: [Dependency]
        if let target {
            known = [Dependency(target)]
            dependencySource = .declared
        } else if entry.isInstance {
            known = []
            dependencySource = .notApplicable
        } else if let declared = entry.declaredDependencies, entry.decorators.isEmpty {
            known = declared
            dependencySource = .declared
        } else if let observed = entry.knownDependencies {
            known = observed
            dependencySource = .observed
        } else {
            known = []
            dependencySource = .unknown
        }
        // What a variant asks for is a dependency too, in its context.
        for dependency in entry.variants.flatMap({ $0.entry.knownDependencies ?? [] }) where !known.contains(dependency) {
            known.append(dependency)
        }
        dependencies = known.map(\.service)
        deferredDependencies = known.filter(\.isDeferred).map(\.service)
        optionalDependencies = known.filter(\.isOptional).map(\.service)
        initCompletedDependencies = (entry.hookDependencies ?? []).map(\.service)
    }

    /// `CourseRepository (name: local) · singleton · depends on CacheStore, Scheduler (name: background) · registered at App/Assembly.swift:12`.
    public var description: String {
        var parts = [service.description]
        if !service.argumentTypeNames.isEmpty { parts.append("arguments \(service.argumentList)") }
        if let aliasOf { parts.append("alias of \(aliasOf)") }
        parts.append(isInstance ? "instance" : lifetime.description + (isAsync ? ", async" : "") + (isMainActor ? ", main actor" : ""))
        switch dependencySource {
        case .declared, .observed:
            if aliasOf == nil, !dependencies.isEmpty {
                parts.append("depends on " + dependencies.map(\.description).joined(separator: ", "))
            }
        case .unknown:
            parts.append("dependencies unknown until resolved")
        case .notApplicable:
            break
        }
        if initCompletedHooks > 0 {
            parts.append(initCompletedHooks == 1 ? "1 initCompleted hook" : "\(initCompletedHooks) initCompleted hooks")
        }
        parts.append("registered at \(file):\(line)")
        if !decorators.isEmpty { parts.append("decorated at " + decorators.joined(separator: ", ")) }
        if !variants.isEmpty { parts.append("when " + variants.map(\.description).joined(separator: ", ")) }
        if isLiveOnly { parts.append("live-only") }
        if isDefault { parts.append("default") }
        if let yieldedDefault { parts.append("replaces the default registered at \(yieldedDefault)") }
        return parts.joined(separator: " · ")
    }
}

extension Container {
    /// `entry` described, with what its registry knows of defaults (`Registration.asDefault()`).
    func info(of entry: Entry) -> RegistrationInfo {
        for container in lineage {
            let (isDefault, yielded) = container.registry.defaultState(of: entry)
            if isDefault || yielded != nil { return RegistrationInfo(entry, isDefault: isDefault, yieldedDefault: yielded?.site) }
        }
        return RegistrationInfo(entry)
    }
}

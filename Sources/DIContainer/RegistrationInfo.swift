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
    /// The services it depends on, in the order its factory asks for them.
    public let dependencies: [ServiceKey]
    /// Where `dependencies` comes from.
    public let dependencySource: DependencySource
    /// The file (`Module/File.swift`) where it was registered.
    public let file: String
    /// The line where it was registered.
    public let line: Int

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

    init(_ entry: Entry) {
        service = entry.service
        lifetime = entry.forwardingTarget?.lifetime ?? entry.lifetime
        aliasOf = entry.forwardingTarget?.service
        initCompletedHooks = entry.completion.count
        isAsync = entry.isAsync
        isInstance = entry.isInstance
        file = entry.file
        line = entry.line
        if let target = entry.forwardingTarget {
            dependencies = [target.service]
            dependencySource = .declared
        } else if entry.isInstance {
            dependencies = []
            dependencySource = .notApplicable
        } else if let declared = entry.declaredDependencies {
            dependencies = declared.map(\.service)
            dependencySource = .declared
        } else if let observed = entry.knownDependencies {
            dependencies = observed.map(\.service)
            dependencySource = .observed
        } else {
            dependencies = []
            dependencySource = .unknown
        }
    }

    /// `CourseRepository (name: local) · singleton · depends on CacheStore, Scheduler (name: background) · registered at App/Assembly.swift:12`.
    public var description: String {
        var parts = [service.description]
        if !service.argumentTypeNames.isEmpty { parts.append("arguments \(service.argumentList)") }
        if let aliasOf { parts.append("alias of \(aliasOf)") }
        parts.append(isInstance ? "instance" : lifetime.description + (isAsync ? ", async" : ""))
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
        return parts.joined(separator: " · ")
    }
}

/// A registration in the container, as returned by `register` and listed by
/// `Container.registrations`.
///
/// ```swift
/// let registration = container.register(CourseRepository.self, lifetime: .singleton) { _ in RemoteCourseRepository() }
/// print(registration.info)   // CourseRepository · singleton · registered at App/Assembly.swift:12
/// ```
public struct Registration: Sendable {
    let entry: Entry

    /// What this registration is, in readable form.
    public var info: Info {
        Info(entry)
    }

    /// A readable description of one registration: what, how long it lives, what it needs and
    /// where it was registered.
    public struct Info: Sendable, Hashable, CustomStringConvertible {
        /// The service type, name and runtime argument types.
        public let service: ServiceKey
        /// How long resolved instances live.
        public let lifetime: Lifetime
        /// Whether the factory is `async` (resolve it with `resolveAsync`).
        public let isAsync: Bool
        /// Whether it is a ready-made instance (`register(_:name:instance:)`).
        public let isInstance: Bool
        /// Whether its factory is `@MainActor` (`registerMainActor`): resolved on the main actor only.
        public let isMainActor: Bool
        /// The services it depends on, in the order its factory asks for them.
        public let dependencies: [ServiceKey]
        /// The part of `dependencies` asked for through a `Lazy` or a `Provider`: resolved later,
        /// so no part of a cycle.
        public let deferredDependencies: [ServiceKey]
        /// Where `dependencies` comes from.
        public let dependencySource: DependencySource
        /// The file (`Module/File.swift`) where it was registered.
        public let file: String
        /// The line where it was registered.
        public let line: Int
        /// Where each decorator of the registration was added (`Module/File.swift:12`), in the
        /// order they apply; empty when it has none.
        public let decorators: [String]

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
            lifetime = entry.lifetime
            isAsync = entry.isAsync
            isInstance = entry.isInstance
            isMainActor = entry.isMainActor
            file = entry.file
            line = entry.line
            decorators = entry.decoratorSites
            let known: [Dependency]
            if entry.isInstance {
                known = []
                dependencySource = .notApplicable
            } else if let declared = entry.declaredDependencies, !entry.isDecorated {
                known = declared
                dependencySource = .declared
            } else if let observed = entry.knownDependencies {
                known = observed
                dependencySource = .observed
            } else {
                known = []
                dependencySource = .unknown
            }
            dependencies = known.map(\.service)
            deferredDependencies = known.filter(\.isDeferred).map(\.service)
        }

        /// `CourseRepository (name: local) · singleton · depends on CacheStore, Scheduler (name: background) · registered at App/Assembly.swift:12`.
        public var description: String {
            var parts = [service.description]
            if !service.argumentTypeNames.isEmpty { parts.append("arguments \(service.argumentList)") }
            parts.append(isInstance ? "instance" : lifetime.description + (isAsync ? ", async" : "") + (isMainActor ? ", main actor" : ""))
            switch dependencySource {
            case .declared, .observed:
                if !dependencies.isEmpty {
                    parts.append("depends on " + dependencies.map(\.description).joined(separator: ", "))
                }
            case .unknown:
                parts.append("dependencies unknown until resolved")
            case .notApplicable:
                break
            }
            parts.append("registered at \(file):\(line)")
            if !decorators.isEmpty { parts.append("decorated at " + decorators.joined(separator: ", ")) }
            return parts.joined(separator: " · ")
        }
    }
}

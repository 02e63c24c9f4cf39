/// A dependency edge: the key a factory asks for, and how to describe it. The readable form is
/// made only when read: type names are costly.
struct Dependency: Hashable, Sendable {
    private enum Description: Sendable {
        case types(Any.Type, arguments: [Any.Type])
        case text(ServiceKey)
    }

    let key: Key
    /// Asked for as `Optional`: `nil` answers it when nothing is registered.
    let isOptional: Bool
    /// Asked for through a handle (`Lazy`, `Provider`): resolved later, so no part of a cycle.
    var isDeferred = false
    /// Whether a deferred dependency's handle keeps what it resolves (`Lazy`, not `Provider`):
    /// its consumer keeps it too.
    var isKept = false
    private let description: Description

    /// A dependency on `entry`'s registration.
    init(_ entry: Entry) {
        key = entry.key
        isOptional = false
        description = .types(entry.serviceType, arguments: entry.argumentTypes)
    }

    /// A dependency on `type` under `key`, optional or not.
    init(key: Key, type: Any.Type, isOptional: Bool = false) {
        self.key = key
        self.isOptional = isOptional
        description = .types(type, arguments: [])
    }

    /// A dependency on a key that nothing answers, described as it was asked for.
    init(key: Key, service: ServiceKey) {
        self.key = key
        isOptional = false
        description = .text(service)
    }

    var service: ServiceKey {
        switch description {
        case .types(let type, let arguments): ServiceKey(type, name: key.name, argumentTypes: arguments)
        case .text(let service): service
        }
    }

    static func == (lhs: Dependency, rhs: Dependency) -> Bool { lhs.key == rhs.key }
    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

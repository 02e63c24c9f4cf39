/// A service an assembly expects another assembly to register: what `Assembly.requirements`
/// lists, and what `validate()` reports by assembly and key when no applied assembly (nor the
/// container, an ancestor or a test override) registers it.
///
/// ```swift
/// struct FeatureAssembly: Assembly {
///     var requirements: [AssemblyRequirement] { [.service(Database.self), .service(Scheduler.self, name: .background)] }
///     func assemble(into container: Container) { … }
/// }
/// ```
public struct AssemblyRequirement: Sendable, Hashable, CustomStringConvertible {
    let key: Key
    private let type: Any.Type

    /// Requires `type` registered under `name`, without runtime arguments.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    public init<S>(_ type: S.Type, name: Name? = nil) {
        key = Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments)
        self.type = S.self
    }

    /// Requires `type` registered under `name`, without runtime arguments.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    /// - Returns: The requirement.
    public static func service<S>(_ type: S.Type, name: Name? = nil) -> AssemblyRequirement {
        AssemblyRequirement(type, name: name)
    }

    /// The required key in readable form.
    public var service: ServiceKey { ServiceKey(type, name: key.name, argumentTypes: []) }

    public var description: String { service.description }

    public static func == (lhs: AssemblyRequirement, rhs: AssemblyRequirement) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A requirement as `apply` records it: which assembly stated it.
struct StatedRequirement: Sendable, Hashable {
    let assembly: String
    let requirement: AssemblyRequirement
}

extension ValidationError {
    /// A requirement an assembly stated (`Assembly.requirements`) that nothing registers.
    ///
    /// ```text
    /// FeatureAssembly requires Database; no applied assembly registers it. Fix: …
    /// ```
    public struct UnmetRequirement: Sendable, Hashable, CustomStringConvertible {
        /// The assembly's type name.
        public let assembly: String
        /// The key it requires.
        public let service: ServiceKey

        public var description: String {
            "\(assembly) requires \(service); no applied assembly registers it. Fix: apply the assembly that registers "
                + "\(service.typeName)\(service.name.map { " under name \"\($0)\"" } ?? "") before validating, or register it"
        }
    }
}

extension Container {
    /// The requirements stated by the assemblies applied here and in the ancestors that nothing
    /// visible from here answers, in the order stated.
    func unmetRequirements(scope: OverrideScope?) -> [ValidationError.UnmetRequirement] {
        var seen: Set<StatedRequirement> = []
        return lineage.reversed().flatMap { $0.registry.requirements }.compactMap { stated in
            guard seen.insert(stated).inserted, entry(for: stated.requirement.key, scope: scope) == nil else { return nil }
            return ValidationError.UnmetRequirement(assembly: stated.assembly, service: stated.requirement.service)
        }
    }
}

/// Test overrides that replace nothing: what `Container.withOverrides(strict:_:operation:)`
/// throws, and what the `DIContainerTesting` traits and `ContainerTestCase` record as a test
/// issue.
///
/// An override answers only for a key (type, name and argument types) that the container, an
/// ancestor or an enclosing override scope registers (context variants share their
/// registration's key). One that matches none — a type the app never registered, a misspelled
/// name, other argument types — is never resolved, so the test runs against the real service:
///
/// ```text
/// 1 test override replaces nothing:
/// - CourseRepository (name: locl), overridden at AppTests/CatalogTests.swift:12: nothing registers
///   CourseRepository under this name. Registered for CourseRepository: name "local". Fix: override
///   name "local"
/// ```
///
/// A key that only a child container registers counts as unmatched here: override the child.
public struct UnmatchedOverridesError: Error, Sendable, CustomStringConvertible {
    /// One override that replaces nothing.
    public struct Override: Sendable, Hashable, CustomStringConvertible {
        /// The key the override registered.
        public let service: ServiceKey
        /// Where the override was registered (`Module/File.swift:12`).
        public let site: String
        /// The registrations of the same type under other names or argument types.
        public let nearMisses: [ServiceKey]

        init(service: ServiceKey, site: String, nearMisses: [ServiceKey]) {
            (self.service, self.site, self.nearMisses) = (service, site, nearMisses)
        }

        public var description: String {
            let arguments = service.argumentTypeNames.isEmpty ? "" : " with arguments \(service.argumentList)"
            var text = "\(service)\(arguments), overridden at \(site): nothing registers \(service.typeName)"
            text += service.name == nil ? " without a name" : " under this name"
            text += service.argumentTypeNames.isEmpty ? "" : " with these arguments"
            guard !nearMisses.isEmpty else {
                return text + ". Fix: register it in the app (is its assembly applied before the test? `.assembled(_:)` "
                    + "or `ContainerTestCase.assembly`), or remove the override"
            }
            text += ". Registered for \(service.typeName): " + nearMisses.map(Self.describe).joined(separator: ", ")
            let sameArguments = nearMisses.filter { $0.argumentTypeNames == service.argumentTypeNames }
            if !sameArguments.isEmpty {
                let names = sameArguments.map { $0.name.map { "name \"\($0)\"" } ?? "without a name" }
                return text + ". Fix: override " + names.joined(separator: " or ")
            }
            let sameName = nearMisses.filter { $0.name == service.name }
            let argumentLists = (sameName.isEmpty ? nearMisses : sameName).map(\.argumentList)
            return text + ". Fix: override it with arguments " + argumentLists.joined(separator: " or ")
        }

        private static func describe(_ miss: ServiceKey) -> String {
            var text = miss.name.map { "name \"\($0)\"" } ?? "no name"
            if !miss.argumentTypeNames.isEmpty { text += " with arguments \(miss.argumentList)" }
            return text
        }
    }

    /// The overrides that replace nothing, in the order they were registered.
    public let overrides: [Override]

    init(overrides: [Override]) {
        self.overrides = overrides
    }

    public var description: String {
        let header =
            overrides.count == 1 ? "1 test override replaces nothing:" : "\(overrides.count) test overrides replace nothing:"
        return ([header] + overrides.map { "- \($0)" }).joined(separator: "\n")
    }
}

/// The errors for keys nothing answers.
extension Container {
    /// The error for a key nothing answers, recorded as a dependency of the step that asked.
    func missing<Args>(
        _ type: Any.Type, key: Key, arguments: Args.Type, parent: Step?, scope: OverrideScope?
    ) -> ResolutionError {
        let requested = ServiceKey(
            typeName: displayName(of: type), name: key.name, argumentTypeNames: Self.elementNames(of: Args.self))
        parent?.record(Dependency(key: key, service: requested))
        return missingError(
            for: key, requested: requested, path: (parent?.path ?? []) + [requested], scope: scope,
            isAutoWiredParameter: parent?.entry.definition.dependencyTypes != nil)
    }

    /// An argument mismatch when the type and name are registered with other arguments, else
    /// "not registered" with the near misses (the type under other names).
    func missingError(
        for key: Key, requested: ServiceKey, path: [ServiceKey], scope: OverrideScope?, isAutoWiredParameter: Bool = false
    ) -> ResolutionError {
        var candidates: [Entry] = overridingEntries(ofType: key.type, scope: scope)
        candidates += lineage.flatMap { $0.registry.entries(ofType: key.type) }
        var seen: Set<Key> = []
        candidates = candidates.filter { seen.insert($0.key).inserted }
        // A registration of this very key made after the lookup missed (racing it) is neither a
        // near miss nor a mismatch.
        candidates = candidates.filter { $0.key != key }
        let sameName = candidates.filter { $0.key.name == key.name }
        if !sameName.isEmpty {
            return ResolutionError(
                .argumentMismatch(registered: sameName.map { $0.service.argumentTypeNames }, given: requested.argumentTypeNames),
                path: path)
        }
        return ResolutionError(
            .notRegistered, path: path, nearMisses: candidates.map(\.service).sorted(), isAutoWiredParameter: isAutoWiredParameter)
    }

    /// The registrations of a type in the test overrides that apply to this container, innermost
    /// first, each key once.
    func overridingEntries(ofType type: ObjectIdentifier, scope: OverrideScope?) -> [Entry] {
        var result: [Entry] = []
        var scope = scope
        while let current = scope {
            if isOrDescends(from: current.target) {
                result += current.entries.filter { $0.key.type == type }.filter { entry in !result.contains { $0.key == entry.key } }
            }
            scope = current.parent
        }
        return result
    }

    /// The element type names of an argument tuple type: `(Int, String)` → `["Int", "String"]`.
    private static func elementNames(of tuple: Any.Type) -> [String] {
        if ObjectIdentifier(tuple) == Key.noArguments { return [] }
        let text = displayName(of: tuple)
        guard text.hasPrefix("("), text.hasSuffix(")") else { return [text] }
        // Split at top-level commas only: `(Dictionary<String, Int>, Int)` has two elements.
        var names: [String] = []
        var depth = 0
        var current = ""
        for character in text.dropFirst().dropLast() {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            default: break
            }
            if character == ",", depth == 0 {
                names.append(String(current.drop { $0 == " " }))
                current = ""
            } else {
                current.append(character)
            }
        }
        names.append(String(current.drop { $0 == " " }))
        return names
    }
}

/// A store handed back a value the container did not store in it.
struct ForeignInstance: Error, CustomStringConvertible {
    var description: String { "its lifetime's storage handed back a value the container did not store" }
}

/// The text formats of `Container.graph(format:)`.
public enum GraphFormat: String, Sendable, CaseIterable {
    /// Graphviz DOT: `dot -Tsvg graph.dot > graph.svg`.
    case dot
    /// Mermaid flowchart, rendered by GitHub in a ```` ```mermaid ```` block.
    case mermaid
}

extension Dependency {
    /// Where a dependency edge ends in the exported graph.
    enum Target {
        case node(Int)
        case missing(ServiceKey)
    }
}

/// Graph export.
extension Container {
    /// The dependency graph of every registration visible from this container, as text.
    ///
    /// One node per registration, labelled with its type, name and lifetime (a forwarded type is
    /// labelled as an alias of its registration, with an edge to it; a registration with
    /// `initCompleted` hooks says so, and what its hooks asked for are dashed edges); one edge per
    /// dependency (declared by auto-wiring, or observed by a validation dry run — see
    /// `validate()` for what that runs); dependencies that nothing answers appear as dashed
    /// "not registered" nodes. Nodes are ordered by type and name and edges by their ends, so
    /// the output is stable and can be diffed and tested.
    ///
    /// ```swift
    /// print(Container.shared.graph(format: .mermaid))
    /// // graph LR
    /// //   n1["APIClient<br/>singleton"]
    /// //   n2["CourseRepository<br/>transient"]
    /// //   n2 --> n1
    /// ```
    ///
    /// - Parameter format: `.dot` or `.mermaid`.
    /// - Returns: The graph's text, ending with a newline.
    public func graph(format: GraphFormat) -> String {
        let inspection = inspect(runningAsync: false)
        let scope = currentScope
        let entries = inspection.entries.sorted { $0.service < $1.service }
        var index: [ObjectIdentifier: Int] = [:]
        for (position, entry) in entries.enumerated() {
            index[ObjectIdentifier(entry)] = position
        }
        // Every edge target: a registration's node, or a "not registered" node; the factory's
        // dependencies first, then those of the initCompleted hooks.
        var missingKeys: Set<ServiceKey> = []
        let targets: [[(target: Dependency.Target, isHook: Bool)]] = entries.map { entry in
            let factory = (entry.knownDependencies ?? []).map { ($0, false) }
            let hooks = (entry.completion.knownDependencies ?? []).map { ($0, true) }
            return (factory + hooks).compactMap { dependency, isHook in
                if let target = self.entry(for: dependency.key, scope: scope), let position = index[ObjectIdentifier(target)] {
                    return (.node(position), isHook)
                }
                // An optional dependency nothing answers is `nil`, not a missing registration.
                if dependency.isOptional { return nil }
                missingKeys.insert(dependency.service)
                return (.missing(dependency.service), isHook)
            }
        }
        let missing = missingKeys.sorted()
        let missingIDs = Dictionary(uniqueKeysWithValues: missing.enumerated().map { ($0.element, "m\($0.offset + 1)") })
        var edges: [Edge] = []
        for (position, entryTargets) in targets.enumerated() {
            var seen: Set<String> = []
            let ids = entryTargets.compactMap { target, isHook -> (String, Bool)? in
                switch target {
                case .node(let other): ("n\(other + 1)", isHook)
                case .missing(let key): missingIDs[key].map { ($0, isHook) }
                }
            }
            for (id, isHook) in ids where seen.insert(id).inserted {
                edges.append(Edge(from: "n\(position + 1)", to: id, isHook: isHook))
            }
        }
        let nodes = entries.enumerated().map { ("n\($0.offset + 1)", Self.label(of: $0.element)) }
        let missingNodes = missing.compactMap { key in missingIDs[key].map { ($0, [key.description, "not registered"]) } }
        switch format {
        case .dot:
            return Self.dot(nodes: nodes, missing: missingNodes, edges: edges)
        case .mermaid:
            return Self.mermaid(nodes: nodes, missing: missingNodes, edges: edges)
        }
    }

    /// A dependency edge; `isHook` for one that only an `initCompleted` hook asks for (drawn
    /// dashed: it is resolved after the instance is stored, so it closes no cycle).
    private struct Edge {
        let from: String
        let to: String
        let isHook: Bool
    }

    /// A node's label lines: the service, then name, arguments and lifetime.
    private static func label(of entry: Entry) -> [String] {
        let service = entry.service
        var details: [String] = []
        if let name = service.name { details.append("name: \(name)") }
        if !service.argumentTypeNames.isEmpty { details.append("arguments: \(service.argumentList)") }
        // A forwarded type is an alias of its registration, shown with that registration's lifetime.
        let described = entry.forwardingTarget ?? entry
        if let target = entry.forwardingTarget { details.append("alias of \(target.service)") }
        details.append(described.isInstance ? "instance" : described.lifetime.description + (entry.isAsync ? ", async" : ""))
        if entry.completion.isActive { details.append("initCompleted") }
        return [service.typeName, details.joined(separator: " · ")]
    }

    private static func dot(nodes: [(String, [String])], missing: [(String, [String])], edges: [Edge]) -> String {
        func escape(_ text: String) -> String {
            text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        }
        var lines = ["digraph Container {", "  rankdir=LR;", "  node [shape=box];"]
        for (id, label) in nodes {
            lines.append("  \(id) [label=\"\(label.map(escape).joined(separator: "\\n"))\"];")
        }
        for (id, label) in missing {
            lines.append("  \(id) [label=\"\(label.map(escape).joined(separator: "\\n"))\", style=dashed, color=red];")
        }
        for edge in edges {
            lines.append("  \(edge.from) -> \(edge.to)" + (edge.isHook ? " [style=dashed, label=\"initCompleted\"];" : ";"))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func mermaid(nodes: [(String, [String])], missing: [(String, [String])], edges: [Edge]) -> String {
        func escape(_ text: String) -> String {
            text.replacing("\"", with: "#quot;").replacing("<", with: "#lt;").replacing(">", with: "#gt;")
        }
        var lines = ["graph LR"]
        for (id, label) in nodes {
            lines.append("  \(id)[\"\(label.map(escape).joined(separator: "<br/>"))\"]")
        }
        for (id, label) in missing {
            lines.append("  \(id)[\"\(label.map(escape).joined(separator: "<br/>"))\"]:::missing")
        }
        for edge in edges {
            lines.append("  \(edge.from) " + (edge.isHook ? "-. initCompleted .->" : "-->") + " \(edge.to)")
        }
        if !missing.isEmpty {
            lines.append("  classDef missing stroke-dasharray: 5 5,stroke:#c00")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

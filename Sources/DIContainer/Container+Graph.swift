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
    /// One node per registration, labelled with its type, name, lifetime and decorators; one edge
    /// per dependency (declared by auto-wiring, or observed by a validation dry run — see
    /// `validate()` for what that runs), dashed when it goes through a `Lazy` or `Provider`
    /// (resolved later, so no part of a cycle); dependencies that nothing answers appear as dashed
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
        // Every edge target: a registration's node, or a "not registered" node.
        var missingKeys: Set<ServiceKey> = []
        let dependencyLists = entries.map { $0.knownDependencies ?? [] }
        let targets: [[Dependency.Target]] = dependencyLists.map { dependencies in
            dependencies.map { dependency in
                if let target = self.entry(for: dependency.key, scope: scope), let position = index[ObjectIdentifier(target)] {
                    return .node(position)
                }
                missingKeys.insert(dependency.service)
                return .missing(dependency.service)
            }
        }
        let missing = missingKeys.sorted()
        let missingIDs = Dictionary(uniqueKeysWithValues: missing.enumerated().map { ($0.element, "m\($0.offset + 1)") })
        var edges: [Edge] = []
        for (position, entryTargets) in targets.enumerated() {
            var seen: Set<String> = []
            for (target, dependency) in zip(entryTargets, dependencyLists[position]) {
                let id: String? = switch target {
                case .node(let other): "n\(other + 1)"
                case .missing(let key): missingIDs[key]
                }
                if let id, seen.insert(id).inserted {
                    edges.append(Edge(from: "n\(position + 1)", to: id, isDeferred: dependency.isDeferred))
                }
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

    /// An edge of the exported graph; deferred when it goes through a handle.
    private struct Edge {
        let from: String
        let to: String
        let isDeferred: Bool
    }

    /// A node's label lines: the service, then name, arguments and lifetime.
    private static func label(of entry: Entry) -> [String] {
        let service = entry.service
        var details: [String] = []
        if let name = service.name { details.append("name: \(name)") }
        if !service.argumentTypeNames.isEmpty { details.append("arguments: \(service.argumentList)") }
        details.append(entry.isInstance ? "instance" : entry.lifetime.description + (entry.isAsync ? ", async" : ""))
        let decorators = entry.decoratorSites.count
        if decorators > 0 { details.append(decorators == 1 ? "decorated" : "decorated ×\(decorators)") }
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
            lines.append("  \(edge.from) -> \(edge.to)" + (edge.isDeferred ? " [style=dashed]" : "") + ";")
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
            lines.append("  \(edge.from) \(edge.isDeferred ? "-.->" : "-->") \(edge.to)")
        }
        if !missing.isEmpty {
            lines.append("  classDef missing stroke-dasharray: 5 5,stroke:#c00")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

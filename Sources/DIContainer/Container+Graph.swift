/// The text formats of `Container.graph(format:)`.
public enum GraphFormat: String, Sendable, CaseIterable {
    /// Graphviz DOT: `dot -Tsvg graph.dot > graph.svg`.
    case dot
    /// Mermaid flowchart, which GitHub renders in a code block of language `mermaid`.
    case mermaid
}

/// Graph export.
extension Container {
    /// The dependency graph of every registration visible from this container, as text.
    ///
    /// One node per registration, grouped by the module of its service type, labelled with its
    /// type, name, arguments and lifetime (and decorators, hooks, aliases, context variants and
    /// live-only marks), coloured by lifetime. One edge per dependency (see `registrations`),
    /// dashed when resolved later (`Lazy`, `Provider`, `initCompleted`); what nothing answers is
    /// a red "not registered" node. Nodes and edges are sorted, so the output can be diffed.
    /// Run under `withOverrides`, the graph shows the overridden registrations.
    ///
    /// ```swift
    /// print(Container.shared.graph(format: .mermaid))   // graph LR, then one subgraph per module
    /// ```
    ///
    /// - Parameter format: `.dot` or `.mermaid`.
    /// - Returns: The graph's text, ending with a newline.
    public func graph(format: GraphFormat) -> String {
        let drawing = GraphDrawing(registrations: registrations)
        switch format {
        case .dot: return drawing.dot()
        case .mermaid: return drawing.mermaid()
        }
    }
}

/// The graph of a list of registrations (public `Registration.Info` only), written as DOT or Mermaid.
struct GraphDrawing {
    /// How a node is drawn: by lifetime (by `description`), as an instance, or as missing.
    enum Style: Hashable, Comparable {
        case lifetime(String)
        case instance
        case missing

        /// The class name in Mermaid and the legend's node id in DOT.
        var identifier: String {
            switch self {
            case .lifetime(let name): name.filter { $0.isLetter || $0.isNumber } + "Lifetime"
            case .instance: "instance"
            case .missing: "missing"
            }
        }

        /// The legend's text.
        var legend: String {
            switch self {
            case .lifetime(let name): name
            case .instance: "instance (ready-made)"
            case .missing: "not registered"
            }
        }

        var fill: String {
            switch self {
            case .lifetime("transient"): "#ffffff"
            case .lifetime("graph"): "#fff3c4"
            case .lifetime("singleton"): "#cfe2ff"
            case .lifetime("weak"): "#eadcfb"
            case .lifetime: "#d5f5e3"
            case .instance: "#eeeeee"
            case .missing: "#ffffff"
            }
        }

        var stroke: String {
            switch self {
            case .lifetime("graph"): "#b7950b"
            case .lifetime("singleton"): "#1d4ed8"
            case .lifetime("weak"): "#7e3fbf"
            case .lifetime("transient"), .lifetime: "#555555"
            case .instance: "#555555"
            case .missing: "#cc0000"
            }
        }
    }

    struct Node {
        let id: String
        let label: [String]
        let style: Style
        /// The layer (module) the node is grouped in; `nil` outside every group.
        let module: String?
    }

    struct Edge {
        let from: String
        let to: String
        let color: String
        /// Resolved later (through a `Lazy` or `Provider`): drawn dashed.
        let isDeferred: Bool
    }

    /// Edge colours, one per source node in turn; no red (that marks what is missing).
    static let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"]

    private(set) var nodes: [Node] = []
    private(set) var edges: [Edge] = []

    init(registrations: [Registration.Info]) {
        let sorted = registrations.sorted { $0.service < $1.service }
        var ids: [ServiceKey: String] = [:]
        for (index, info) in sorted.enumerated() {
            ids[info.service] = "n\(index + 1)"
        }
        let namedTypes = Set(sorted.filter { $0.service.name != nil }.map(\.service.typeName))
        // An optional dependency nothing answers is `nil`, not a missing registration.
        let missing = Set(
            sorted.flatMap { info in
                (info.dependencies + info.initCompletedDependencies).filter { !info.optionalDependencies.contains($0) }
            }.filter { ids[$0] == nil }
        ).sorted()
        for (index, key) in missing.enumerated() {
            ids[key] = "m\(index + 1)"
        }

        for info in sorted {
            let style: Style = info.isInstance ? .instance : .lifetime(info.lifetime.description)
            let label = Self.label(of: info, isDefault: info.service.name == nil && namedTypes.contains(info.service.typeName))
            nodes.append(Node(id: ids[info.service] ?? "", label: label, style: style, module: info.service.moduleName))
        }
        for key in missing {
            nodes.append(Node(id: ids[key] ?? "", label: [key.description, "not registered"], style: .missing, module: nil))
        }
        for (index, info) in sorted.enumerated() {
            let from = ids[info.service] ?? ""
            let color = Self.palette[index % Self.palette.count]
            var seen: Set<String> = []
            let deferred = Set(info.deferredDependencies + info.initCompletedDependencies)
            for dependency in info.dependencies + info.initCompletedDependencies {
                guard let to = ids[dependency], seen.insert(to).inserted else { continue }
                edges.append(
                    Edge(
                        from: from, to: to, color: to.hasPrefix("m") ? Style.missing.stroke : color,
                        isDeferred: deferred.contains(dependency)))
            }
        }
    }

    /// A node's label lines: type, name (or "default" beside named ones), arguments, lifetime, variants.
    private static func label(of info: Registration.Info, isDefault: Bool) -> [String] {
        var lines = [info.service.typeName]
        if let name = info.service.name {
            lines.append("name: \(name)")
        } else if isDefault {
            lines.append("default (unnamed)")
        }
        if !info.service.argumentTypeNames.isEmpty {
            lines.append("arguments: (" + info.service.argumentTypeNames.joined(separator: ", ") + ")")
        }
        if let aliasOf = info.aliasOf {
            lines.append("alias of \(aliasOf)")
        }
        var kind = info.isInstance ? "instance" : info.lifetime.description
        if info.isAsync { kind += ", async" }
        if info.isMainActor { kind += ", main actor" }
        if !info.decorators.isEmpty { kind += info.decorators.count == 1 ? " · decorated" : " · decorated ×\(info.decorators.count)" }
        if info.initCompletedHooks > 0 { kind += " · initCompleted" }
        if info.isLiveOnly { kind += " · live-only" }
        if info.isDefault { kind += " · as default" }
        lines.append(kind)
        if let yielded = info.yieldedDefault { lines.append("default at \(yielded) yielded") }
        if !info.variants.isEmpty { lines.append("when " + info.variants.map(\.description).joined(separator: ", ")) }
        return lines
    }

    /// The nodes of each module, modules in name order, then the nodes of no module.
    private var groups: (modules: [(name: String, nodes: [Node])], ungrouped: [Node]) {
        var byModule: [String: [Node]] = [:]
        var ungrouped: [Node] = []
        for node in nodes {
            if let module = node.module {
                byModule[module, default: []].append(node)
            } else {
                ungrouped.append(node)
            }
        }
        return (byModule.keys.sorted().map { ($0, byModule[$0] ?? []) }, ungrouped)
    }

    /// The styles in use, in legend order.
    private var stylesInUse: [Style] {
        Set(nodes.map(\.style)).sorted()
    }

    // MARK: - DOT

    func dot() -> String {
        func escape(_ text: String) -> String {
            text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        }
        func attributes(of style: Style) -> String {
            switch style {
            case .instance: "shape=note, fillcolor=\"\(style.fill)\", color=\"\(style.stroke)\""
            case .missing: "style=\"rounded,dashed\", color=\"\(style.stroke)\", fontcolor=\"\(style.stroke)\""
            case .lifetime: "fillcolor=\"\(style.fill)\", color=\"\(style.stroke)\""
            }
        }
        func line(_ node: Node, indent: String) -> String {
            "\(indent)\(node.id) [label=\"\(node.label.map(escape).joined(separator: "\\n"))\", \(attributes(of: node.style))];"
        }

        var lines = [
            "digraph Container {",
            "  rankdir=LR;",
            "  concentrate=false;",
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [arrowsize=0.7];",
        ]
        let (modules, ungrouped) = groups
        for (index, module) in modules.enumerated() {
            lines.append("  subgraph cluster_\(index + 1) {")
            lines.append("    label=\"\(escape(module.name))\"; style=\"rounded,dashed\"; color=\"#999999\"; fontname=\"Helvetica\";")
            lines += module.nodes.map { line($0, indent: "    ") }
            lines.append("  }")
        }
        lines += ungrouped.map { line($0, indent: "  ") }
        if !nodes.isEmpty {
            lines.append("  subgraph cluster_legend {")
            lines.append("    label=\"Legend\"; style=rounded; color=\"#cccccc\"; fontname=\"Helvetica\";")
            for style in stylesInUse {
                lines.append("    legend_\(style.identifier) [label=\"\(escape(style.legend))\", \(attributes(of: style))];")
            }
            lines.append("  }")
        }
        for edge in edges {
            let dashed = edge.to.hasPrefix("m") || edge.isDeferred ? ", style=dashed" : ""
            lines.append("  \(edge.from) -> \(edge.to) [color=\"\(edge.color)\"\(dashed)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Mermaid

    func mermaid() -> String {
        func escape(_ text: String) -> String {
            text.replacing("\"", with: "#quot;").replacing("<", with: "#lt;").replacing(">", with: "#gt;")
        }
        func line(_ node: Node, indent: String) -> String {
            let text = "\"" + node.label.map(escape).joined(separator: "<br/>") + "\""
            let shape = node.style == .instance ? "[/\(text)/]" : "[\(text)]"
            return "\(indent)\(node.id)\(shape):::\(node.style.identifier)"
        }

        var lines = ["graph LR"]
        let (modules, ungrouped) = groups
        for module in modules {
            lines.append("  subgraph layer_\(module.name) [\"\(escape(module.name))\"]")
            lines += module.nodes.map { line($0, indent: "    ") }
            lines.append("  end")
        }
        lines += ungrouped.map { line($0, indent: "  ") }
        if !nodes.isEmpty {
            lines.append("  subgraph legend [\"Legend\"]")
            for style in stylesInUse {
                let node = Node(id: "legend_\(style.identifier)", label: [style.legend], style: style, module: nil)
                lines.append(line(node, indent: "    "))
            }
            lines.append("  end")
        }
        for edge in edges {
            lines.append("  \(edge.from) \(edge.isDeferred ? "-.->" : "-->") \(edge.to)")
        }
        // One linkStyle per colour, listing the edges (by index) drawn in it.
        var edgesByColor: [String: [Int]] = [:]
        for (index, edge) in edges.enumerated() {
            edgesByColor[edge.color, default: []].append(index)
        }
        for color in edgesByColor.keys.sorted() {
            let indices = (edgesByColor[color] ?? []).map(String.init).joined(separator: ",")
            let dash = color == Style.missing.stroke ? ",stroke-dasharray:5 5" : ""
            lines.append("  linkStyle \(indices) stroke:\(color)\(dash)")
        }
        for style in stylesInUse {
            let dash = style == .missing ? ",stroke-dasharray:5 5,color:\(style.stroke)" : ""
            lines.append("  classDef \(style.identifier) fill:\(style.fill),stroke:\(style.stroke)\(dash)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

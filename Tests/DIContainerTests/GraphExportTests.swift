import DIContainer
import Testing

// A small graph: a presenter (closure factory) → a named, auto-wired repository → a singleton
// API client and a cache that nobody registered.
final class GraphAPIClient: Sendable {}
protocol GraphCache: Sendable {}
struct GraphMemoryCache: GraphCache {}
final class GraphRepository: Sendable {
    init(client: GraphAPIClient, cache: any GraphCache) {}
}
final class GraphPresenter: Sendable {
    init(repository: GraphRepository) {}
}

@Suite("Graph export")
struct GraphExportTests {
    private func smallGraph(reversed: Bool = false) -> Container {
        let container = Container()
        let steps: [(Container) -> Void] = [
            { $0.register(GraphPresenter.self) { r in GraphPresenter(repository: try r.resolve(GraphRepository.self, name: "remote")) } },
            { $0.register(GraphRepository.self, name: "remote", initializer: GraphRepository.init) },
            { $0.register(GraphAPIClient.self, lifetime: .singleton) { _ in GraphAPIClient() } },
        ]
        for step in reversed ? steps.reversed() : steps { step(container) }
        return container
    }

    @Test("DOT output of a small graph, golden")
    func dotGolden() {
        #expect(
            smallGraph().graph(format: .dot) == #"""
                digraph Container {
                  rankdir=LR;
                  concentrate=false;
                  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];
                  edge [arrowsize=0.7];
                  subgraph cluster_1 {
                    label="DIContainerTests"; style="rounded,dashed"; color="#999999"; fontname="Helvetica";
                    n1 [label="GraphAPIClient\nsingleton", fillcolor="#cfe2ff", color="#1d4ed8"];
                    n2 [label="GraphPresenter\ntransient", fillcolor="#ffffff", color="#555555"];
                    n3 [label="GraphRepository\nname: remote\ntransient", fillcolor="#ffffff", color="#555555"];
                  }
                  m1 [label="GraphCache\nnot registered", style="rounded,dashed", color="#cc0000", fontcolor="#cc0000"];
                  subgraph cluster_legend {
                    label="Legend"; style=rounded; color="#cccccc"; fontname="Helvetica";
                    legend_singletonLifetime [label="singleton", fillcolor="#cfe2ff", color="#1d4ed8"];
                    legend_transientLifetime [label="transient", fillcolor="#ffffff", color="#555555"];
                    legend_missing [label="not registered", style="rounded,dashed", color="#cc0000", fontcolor="#cc0000"];
                  }
                  n2 -> n3 [color="#ff7f0e"];
                  n3 -> n1 [color="#2ca02c"];
                  n3 -> m1 [color="#cc0000", style=dashed];
                }

                """#)
    }

    @Test("Mermaid output of a small graph, golden")
    func mermaidGolden() {
        #expect(
            smallGraph().graph(format: .mermaid) == """
                graph LR
                  subgraph layer_DIContainerTests ["DIContainerTests"]
                    n1["GraphAPIClient<br/>singleton"]:::singletonLifetime
                    n2["GraphPresenter<br/>transient"]:::transientLifetime
                    n3["GraphRepository<br/>name: remote<br/>transient"]:::transientLifetime
                  end
                  m1["GraphCache<br/>not registered"]:::missing
                  subgraph legend ["Legend"]
                    legend_singletonLifetime["singleton"]:::singletonLifetime
                    legend_transientLifetime["transient"]:::transientLifetime
                    legend_missing["not registered"]:::missing
                  end
                  n2 --> n3
                  n3 --> n1
                  n3 --> m1
                  linkStyle 1 stroke:#2ca02c
                  linkStyle 2 stroke:#cc0000,stroke-dasharray:5 5
                  linkStyle 0 stroke:#ff7f0e
                  classDef singletonLifetime fill:#cfe2ff,stroke:#1d4ed8
                  classDef transientLifetime fill:#ffffff,stroke:#555555
                  classDef missing fill:#ffffff,stroke:#cc0000,stroke-dasharray:5 5,color:#cc0000

                """)
    }

    @Test("nodes are grouped by module; instances, defaults and names are labelled as such", arguments: GraphFormat.allCases)
    func groupsAndLabels(format: GraphFormat) {
        let container = Container()
        container.register(Int.self, instance: 42)
        container.register(GraphAPIClient.self, lifetime: .singleton) { _ in GraphAPIClient() }
        container.register(GraphAPIClient.self, name: "mock", lifetime: .weak) { _ in GraphAPIClient() }
        let text = container.graph(format: format)
        let lineBreak = format == .dot ? "\\n" : "<br/>"
        let module = format == .dot ? #"label="Swift";"# : #"subgraph layer_Swift ["Swift"]"#
        #expect(text.contains(module), "\(text)")
        #expect(text.contains("Int\(lineBreak)instance"), "\(text)")
        #expect(text.contains("GraphAPIClient\(lineBreak)default (unnamed)\(lineBreak)singleton"), "\(text)")
        #expect(text.contains("GraphAPIClient\(lineBreak)name: mock\(lineBreak)weak"), "\(text)")
        #expect(text.contains("instance (ready-made)"), "the legend names the instance style: \(text)")
        #expect(!text.contains("not registered"), "\(text)")
    }

    @Test("a service key knows the module of its type")
    func moduleName() {
        let container = Container()
        #expect(container.register(GraphAPIClient.self) { _ in GraphAPIClient() }.info.service.moduleName == "DIContainerTests")
        #expect(
            container.register((any GraphCache).self) { _ -> any GraphCache in GraphMemoryCache() }
                .info.service.moduleName == "DIContainerTests")
        #expect(container.register([Int].self, instance: []).info.service.moduleName == "Swift")
        #expect(container.register((@Sendable (Int) -> Int).self, instance: { $0 }).info.service.moduleName == nil)
        #expect(ServiceKey(typeName: "GraphAPIClient") == ServiceKey(typeName: "GraphAPIClient", moduleName: "DIContainerTests"))
    }

    @Test("the output does not depend on the registration order", arguments: GraphFormat.allCases)
    func deterministic(format: GraphFormat) {
        #expect(smallGraph().graph(format: format) == smallGraph(reversed: true).graph(format: format))
    }

    @Test("exporting the graph keeps no instance it builds, and builds nothing it learned")
    func exportKeepsNothing() throws {
        let container = Container()
        let built = Counter()
        container.register(GraphAPIClient.self, lifetime: .singleton) { _ in
            built.increment()
            return GraphAPIClient()
        }
        _ = container.graph(format: .dot)
        #expect(built.value == 1)  // run once, to learn what it asks for
        let client = try container.resolve(GraphAPIClient.self)
        #expect(built.value == 2)  // the export kept nothing: the app's singleton is its own
        #expect(try container.resolve(GraphAPIClient.self) === client)
        _ = container.graph(format: .dot)
        _ = container.registrations
        #expect(built.value == 2)
    }

    @Test("an empty container exports an empty graph")
    func emptyGraph() {
        #expect(
            Container().graph(format: .dot) == """
                digraph Container {
                  rankdir=LR;
                  concentrate=false;
                  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];
                  edge [arrowsize=0.7];
                }

                """)
        #expect(Container().graph(format: .mermaid) == "graph LR\n")
    }
}

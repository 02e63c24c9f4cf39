import DIContainer
import Testing

// A small graph: a presenter (closure factory) → a named, auto-wired repository → a singleton
// API client and a cache that nobody registered.
final class GraphAPIClient: Sendable {}
protocol GraphCache: Sendable {}
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
        #expect(smallGraph().graph(format: .dot) == #"""
            digraph Container {
              rankdir=LR;
              node [shape=box];
              n1 [label="GraphAPIClient\nsingleton"];
              n2 [label="GraphPresenter\ntransient"];
              n3 [label="GraphRepository\nname: remote · transient"];
              m1 [label="GraphCache\nnot registered", style=dashed, color=red];
              n2 -> n3;
              n3 -> n1;
              n3 -> m1;
            }

            """#)
    }

    @Test("Mermaid output of a small graph, golden")
    func mermaidGolden() {
        #expect(smallGraph().graph(format: .mermaid) == """
            graph LR
              n1["GraphAPIClient<br/>singleton"]
              n2["GraphPresenter<br/>transient"]
              n3["GraphRepository<br/>name: remote · transient"]
              m1["GraphCache<br/>not registered"]:::missing
              n2 --> n3
              n3 --> n1
              n3 --> m1
              classDef missing stroke-dasharray: 5 5,stroke:#c00

            """)
    }

    @Test("the output does not depend on the registration order", arguments: GraphFormat.allCases)
    func deterministic(format: GraphFormat) {
        #expect(smallGraph().graph(format: format) == smallGraph(reversed: true).graph(format: format))
    }

    @Test("exporting the graph builds a singleton at most once in the container's life")
    func exportBuildsSingletonsOnce() throws {
        let container = Container()
        let built = Counter()
        container.register(GraphAPIClient.self, lifetime: .singleton) { _ in
            built.increment()
            return GraphAPIClient()
        }
        _ = container.graph(format: .dot)
        let client = try container.resolve(GraphAPIClient.self)
        #expect(try container.resolve(GraphAPIClient.self) === client)
        _ = container.graph(format: .dot)
        #expect(built.value == 1)
    }

    @Test("an empty container exports an empty graph")
    func emptyGraph() {
        #expect(Container().graph(format: .dot) == "digraph Container {\n  rankdir=LR;\n  node [shape=box];\n}\n")
        #expect(Container().graph(format: .mermaid) == "graph LR\n")
    }
}

import DIContainer
import Testing

protocol NestedStore: Sendable {}
struct NestedMemoryStore: NestedStore {}

enum NewsFeed {
    struct Item: Sendable {}
    struct Reader: Sendable {
        init(item: Item) {}
    }
}

enum ShopCart {
    struct Item: Sendable {}
    struct Checkout: Sendable {
        init(item: Item) {}
    }
}

@Suite("Names of nested types")
struct NestedTypeNameTests {
    private func twoItems() -> Container {
        let container = Container()
        container.register(NewsFeed.Item.self) { _ in NewsFeed.Item() }
        container.register(ShopCart.Item.self, lifetime: .singleton) { _ in ShopCart.Item() }
        container.register(NewsFeed.Reader.self, initializer: NewsFeed.Reader.init)
        container.register(ShopCart.Checkout.self, initializer: ShopCart.Checkout.init)
        return container
    }

    @Test("registrations name a nested type with its enclosing types, without its module")
    func registrationsKeepEnclosingTypes() {
        #expect(
            twoItems().registrations.map(\.service.typeName) == ["NewsFeed.Item", "ShopCart.Item", "NewsFeed.Reader", "ShopCart.Checkout"])
        #expect(twoItems().registrations[2].dependencies.map(\.description) == ["NewsFeed.Item"])
    }

    @Test("generic arguments, optionals, tuples and existentials keep their nested names")
    func composedTypes() {
        let container = Container()
        container.register([NewsFeed.Item].self) { _ in [] }
        container.register(NewsFeed.Item?.self) { _ in nil }
        container.register((Int, ShopCart.Item).self) { _ in (1, ShopCart.Item()) }
        container.register((any NestedStore).self) { _ in NestedMemoryStore() }
        container.register([String: NewsFeed.Item].self) { _ in [:] }
        container.register(NewsFeed.Reader.self) { (_, item: NewsFeed.Item, count: Int) in NewsFeed.Reader(item: item) }
        let infos = container.registrations
        #expect(
            infos.map(\.service.typeName) == [
                "Array<NewsFeed.Item>", "Optional<NewsFeed.Item>", "(Int, ShopCart.Item)", "NestedStore",
                "Dictionary<String, NewsFeed.Item>", "NewsFeed.Reader",
            ])
        #expect(infos[5].service.argumentTypeNames == ["NewsFeed.Item", "Int"])
        #expect(infos.map(\.service.moduleName) == ["Swift", "Swift", nil, "DIContainerTests", "Swift", "DIContainerTests"])
    }

    @Test("a type declared in a method reads as a member of the method's type")
    func localType() {
        struct Local: Sendable {}
        let container = Container()
        container.register(Local.self) { _ in Local() }
        #expect(container.registrations.map(\.service.typeName) == ["NestedTypeNameTests.Local"])
    }

    @Test("an error names the nested type it could not resolve")
    func errorNamesNestedType() throws {
        let container = Container()
        container.register(NewsFeed.Reader.self, initializer: NewsFeed.Reader.init)
        let error = try #require(throws: ResolutionError.self) { try container.resolve(NewsFeed.Reader.self) }
        #expect(error.path.map(\.description) == ["NewsFeed.Reader", "NewsFeed.Item"])
        #expect(
            error.description
                == "Cannot resolve NewsFeed.Item: nothing is registered for it. Path: NewsFeed.Reader → NewsFeed.Item. "
                + "Fix: register it, e.g. container.register(NewsFeed.Item.self) { r in … }.")
    }

    @Test("the graph draws two types of one short name as two nodes")
    func graphNodes() {
        let container = twoItems()
        #expect(
            container.graph(format: .dot) == #"""
                digraph Container {
                  rankdir=LR;
                  concentrate=false;
                  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];
                  edge [arrowsize=0.7];
                  subgraph cluster_1 {
                    label="DIContainerTests"; style="rounded,dashed"; color="#999999"; fontname="Helvetica";
                    n1 [label="NewsFeed.Item\ntransient", fillcolor="#ffffff", color="#555555"];
                    n2 [label="NewsFeed.Reader\ntransient", fillcolor="#ffffff", color="#555555"];
                    n3 [label="ShopCart.Checkout\ntransient", fillcolor="#ffffff", color="#555555"];
                    n4 [label="ShopCart.Item\nsingleton", fillcolor="#cfe2ff", color="#1d4ed8"];
                  }
                  subgraph cluster_legend {
                    label="Legend"; style=rounded; color="#cccccc"; fontname="Helvetica";
                    legend_singletonLifetime [label="singleton", fillcolor="#cfe2ff", color="#1d4ed8"];
                    legend_transientLifetime [label="transient", fillcolor="#ffffff", color="#555555"];
                  }
                  n2 -> n1 [color="#ff7f0e"];
                  n3 -> n4 [color="#2ca02c"];
                }

                """#)
        let mermaid = container.graph(format: .mermaid)
        #expect(mermaid.contains(#"n1["NewsFeed.Item<br/>transient"]"#) && mermaid.contains(#"n4["ShopCart.Item<br/>singleton"]"#))
        #expect(mermaid.contains("n2 --> n1") && mermaid.contains("n3 --> n4"))
    }
}

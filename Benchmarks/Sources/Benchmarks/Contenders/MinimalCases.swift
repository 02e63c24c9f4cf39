import MinimalContainer

/// The floor of the graph case: `MinimalContainer`, which does only what the API shape costs
/// (a keyed lookup, a generic resolve through an existential resolver, instances kept for the
/// rest of the top-level resolve) and none of what makes a container usable.
enum MinimalCases: Contestant {
    static let contender = Contender.minimal

    static func cases() throws -> [BenchmarkCase] {
        let container = MinimalContainer()
        guard registerGraphChain(in: container) else {
            throw BenchmarkError.wrongGraph(contender: contender.rawValue, problem: "refused a registration")
        }
        let graph = try container.resolve(Node9.self)
        guard graph.sharesOneNode else {
            throw BenchmarkError.wrongGraph(contender: contender.rawValue, problem: "built more than one shared node")
        }
        return [
            .single(.graphChain) { n in try repeatOperation(n) { try container.resolve(Node9.self) } }
        ]
    }

    static func holdRegistrations(_ count: Int) -> AnyObject? { nil }

    private static func registerGraphChain(in c: MinimalContainer) -> Bool {
        [
            c.register(SharedNode.self, keptPerResolve: true) { _ in SharedNode() },
            c.register(Node0.self, keptPerResolve: true) { r in Node0(shared: try r.resolve(SharedNode.self)) },
            c.register(Node1.self, keptPerResolve: true) { r in
                Node1(previous: try r.resolve(Node0.self), shared: try r.resolve(SharedNode.self))
            },
            c.register(Node2.self, keptPerResolve: true) { r in
                Node2(previous: try r.resolve(Node1.self), shared: try r.resolve(SharedNode.self))
            },
            c.register(Node3.self, keptPerResolve: true) { r in
                Node3(previous: try r.resolve(Node2.self), shared: try r.resolve(SharedNode.self))
            },
            c.register(Node4.self, keptPerResolve: true) { r in
                Node4(previous: try r.resolve(Node3.self), shared: try r.resolve(SharedNode.self))
            },
            c.register(Node5.self, keptPerResolve: true) { r in
                Node5(previous: try r.resolve(Node4.self), shared: try r.resolve(SharedNode.self))
            },
            c.register(Node6.self, keptPerResolve: true) { r in
                Node6(previous: try r.resolve(Node5.self), shared: try r.resolve(SharedNode.self))
            },
            c.register(Node7.self, keptPerResolve: true) { r in
                Node7(previous: try r.resolve(Node6.self), shared: try r.resolve(SharedNode.self))
            },
            c.register(Node8.self, keptPerResolve: true) { r in
                Node8(previous: try r.resolve(Node7.self), shared: try r.resolve(SharedNode.self))
            },
            c.register(Node9.self, keptPerResolve: true) { r in
                Node9(previous: try r.resolve(Node8.self), shared: try r.resolve(SharedNode.self))
            },
        ].allSatisfy { $0 }
    }
}

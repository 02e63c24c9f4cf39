import MinimalContainer

/// The floors of the graph and cold-start cases: `MinimalContainer`, which does only what the API
/// shape costs (a keyed lookup, a generic resolve through an existential resolver, instances kept
/// for the rest of the top-level resolve, one object of a generic class per registration) and
/// none of what makes a container usable.
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
        _ = try coldStart()  // before timing: it builds what the case claims
        return [
            .single(.graphChain) { n in try repeatOperation(n) { try container.resolve(Node9.self) } },
            .single(.coldStart) { n in try repeatOperation(n) { try coldStart() } },
        ]
    }

    /// A new container, `coldStartRegistrations` registrations, one resolve (one dependency),
    /// teardown. The minimal container has no names, so its registrations are of as many types
    /// (none is kept per resolve, and 20 fit its table: none is refused).
    private static func coldStart() throws -> any Greeting {
        let c = MinimalContainer()
        c.register(Logging.self, keptPerResolve: false) { _ in PrintLogger() }
        c.register(Greeting.self, keptPerResolve: false) { r in Greeter(logger: try r.resolve(Logging.self)) }
        c.register(Settings.self, keptPerResolve: false) { _ in AppSettings() }
        c.register(Counting.self, keptPerResolve: false) { r in Counter(logger: try r.resolve(Logging.self), start: 0) }
        c.register(Level0.self, keptPerResolve: false) { _ in Level0() }
        c.register(Level1.self, keptPerResolve: false) { r in Level1(previous: try r.resolve(Level0.self)) }
        c.register(Level2.self, keptPerResolve: false) { r in Level2(previous: try r.resolve(Level1.self)) }
        c.register(Level3.self, keptPerResolve: false) { r in Level3(previous: try r.resolve(Level2.self)) }
        c.register(Level4.self, keptPerResolve: false) { r in Level4(previous: try r.resolve(Level3.self)) }
        c.register(Level5.self, keptPerResolve: false) { r in Level5(previous: try r.resolve(Level4.self)) }
        c.register(Level6.self, keptPerResolve: false) { r in Level6(previous: try r.resolve(Level5.self)) }
        c.register(Level7.self, keptPerResolve: false) { r in Level7(previous: try r.resolve(Level6.self)) }
        c.register(Level8.self, keptPerResolve: false) { r in Level8(previous: try r.resolve(Level7.self)) }
        c.register(Level9.self, keptPerResolve: false) { r in Level9(previous: try r.resolve(Level8.self)) }
        c.register(SharedNode.self, keptPerResolve: false) { _ in SharedNode() }
        c.register(Node0.self, keptPerResolve: false) { r in Node0(shared: try r.resolve(SharedNode.self)) }
        c.register(Node1.self, keptPerResolve: false) { r in
            Node1(previous: try r.resolve(Node0.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node2.self, keptPerResolve: false) { r in
            Node2(previous: try r.resolve(Node1.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node3.self, keptPerResolve: false) { r in
            Node3(previous: try r.resolve(Node2.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node4.self, keptPerResolve: false) { r in
            Node4(previous: try r.resolve(Node3.self), shared: try r.resolve(SharedNode.self))
        }
        return try c.resolve(Greeting.self)
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

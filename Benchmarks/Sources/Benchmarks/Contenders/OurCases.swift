import DIContainer

/// The cases with this package's `DIContainer`, registered the way its documentation shows:
/// factories resolving their dependencies through the resolver they are given.
enum OurCases: Contestant {
    static let contender = Contender.ours

    static func cases() throws -> [BenchmarkCase] {
        // Every case gets a container of its own, so no case inherits another's state.
        let names = (0..<manyRegistrations).map { Name("service-\($0)") }
        let shared = try makeContainerWithSingleton()
        try verify(makeContainer())
        // A `Maker` holds its container weakly: the case keeps the container alive.
        let makerContainer = makeContainer()
        let makeCounter = try makerContainer.resolve(Maker<any Counting, Int>.self)

        return try requestCases() + [modularValidationCase()] + [
            .single(.noDeps) { [c = makeContainer()] n in
                try repeatOperation(n) { try c.resolve(Logging.self) }
            },
            .single(.oneDep) { [c = makeContainer()] n in
                try repeatOperation(n) { try c.resolve(Greeting.self) }
            },
            .single(.chain) { [c = makeContainer()] n in
                try repeatOperation(n) { try c.resolve(Level9.self) }
            },
            .single(.forwardedType) { [c = makeForwardingContainer()] n in
                try repeatOperation(n) { try c.resolve(Greeting.self) }
            },
            .single(.noDepsNamed) { [c = makeContainer()] n in
                try repeatOperation(n) { try c.resolve(Logging.self, name: .local) }
            },
            .single(.oneDepNamed) { [c = makeContainer()] n in
                try repeatOperation(n) { try c.resolve(Greeting.self, name: .local) }
            },
            .single(.chainNamed) { [c = makeContainer()] n in
                try repeatOperation(n) { try c.resolve(Level9.self, name: .local) }
            },
            .single(.graphChain) { [c = makeContainer()] n in
                try repeatOperation(n) { try c.resolve(Node9.self) }
            },
            .single(.singleton) { [c = try makeContainerWithSingleton()] n in
                try repeatOperation(n) { try c.resolve(Settings.self) }
            },
            threaded(.singletonOneThread, threads: 1, shared),
            threaded(.singletonTwoThreads, threads: 2, shared),
            threaded(.singletonEightThreads, threads: 8, shared),
            .single(.runtimeArgument) { [c = makeContainer()] n in
                for start in 0..<n {
                    blackHole(try c.resolve(Counting.self, arguments: start))
                }
            },
            .single(.makerCall) { n in
                try withExtendedLifetime(makerContainer) {
                    for start in 0..<n {
                        blackHole(try makeCounter(start))
                    }
                }
            },
            .single(.handleConsumer) { [c = makeHandleContainer()] n in
                try repeatOperation(n) { try c.resolve(CounterFeed.self) }
            },
            .single(.oneDepAmong10) { [c = makeContainer(fillers: 10 - 2)] n in
                try repeatOperation(n) { try c.resolve(Greeting.self) }
            },
            .single(.oneDepAmong10k) { [c = makeContainer(fillers: manyRegistrations - 2)] n in
                try repeatOperation(n) { try c.resolve(Greeting.self) }
            },
            BenchmarkCase(
                scenario: .registration,
                run: .batchKeeping(operationsPerCall: names.count) { n in
                    (0..<n).map { _ in registerNamed(names) }
                }),
            .single(.overrideScope) { [c = makeContainer()] n in
                try repeatOperation(n) {
                    try c.withOverrides({ $0.register(Logging.self) { _ in PrintLogger() } }) {
                        try c.resolve(Logging.self)
                    }
                }
            },
            .single(.coldStart) { [fillers = fillerNames(coldStartRegistrations - 2)] n in
                try repeatOperation(n) {
                    let container = Container()
                    registerServices(in: container, fillers: fillers)
                    return try container.resolve(Greeting.self)
                }
            },
            // The benchmark runs its cases on the main thread; the resolve is synchronous.
            .single(.mainActorResolve) { [c = makeMainActorContainer()] n in
                try MainActor.assumeIsolated { try repeatOperation(n) { try c.resolve(ProfileModel.self) } }
            },
            BenchmarkCase(
                scenario: .registrationAndValidation,
                run: .batchKeeping(operationsPerCall: 1) { n in
                    try (0..<n).map { _ in
                        let container = registerDependent(names.dropFirst())
                        try container.validate()
                        return container
                    }
                }),
        ]
    }

    /// Checks, before timing, that the lifetimes behave as the cases claim.
    private static func verify(_ container: Container) throws {
        guard try container.resolve(Node9.self).sharesOneNode else {
            throw BenchmarkError.wrongGraph(contender: "DIContainer", problem: "built several SharedNodes in one graph resolve")
        }
        guard try container.resolve(Greeting.self) !== container.resolve(Greeting.self) else {
            throw BenchmarkError.wrongGraph(contender: "DIContainer", problem: "returned one Greeting twice from a transient registration")
        }
        guard try container.resolve(Settings.self) === container.resolve(Settings.self) else {
            throw BenchmarkError.wrongGraph(contender: "DIContainer", problem: "built two Settings from a singleton registration")
        }
    }

    static func holdRegistrations(_ count: Int) -> AnyObject? {
        registerNamed((0..<count).map { Name("service-\($0)") })
    }

    /// A fresh container holding one `Logging` registration per name.
    static func registerNamed(_ names: [Name]) -> Container {
        let container = Container()
        for name in names {
            container.register(Logging.self, name: name) { _ in PrintLogger() }
        }
        return container
    }

    /// A fresh container holding `Logging` and one `Greeting` (which depends on `Logging`) per
    /// name: `names.count + 1` registrations for `validate()` to dry-run.
    static func registerDependent(_ names: ArraySlice<Name>) -> Container {
        let container = Container()
        container.register(Logging.self) { _ in PrintLogger() }
        for name in names {
            container.register(Greeting.self, name: name) { r in Greeter(logger: try r.resolve(Logging.self)) }
        }
        return container
    }

    /// A container with the benchmark's services, or (with fillers) with `Logging`, `Greeting`
    /// and `fillers` more named registrations.
    private static func makeContainer(fillers: Int = 0) -> Container {
        let container = Container()
        registerServices(in: container, fillers: fillerNames(fillers))
        return container
    }

    /// A container for the forwarded-type case: `Greeter` registered as itself, forwarded as
    /// `Greeting`.
    private static func makeForwardingContainer() -> Container {
        let container = Container()
        container.register(Logging.self) { _ in PrintLogger() }
        container.register(Greeter.self) { r in Greeter(logger: try r.resolve(Logging.self)) }.implements(Greeting.self)
        return container
    }

    /// A container for the handle case: `CounterFeed` keeps a `Maker` of the runtime-argument
    /// service.
    private static func makeHandleContainer() -> Container {
        let container = makeContainer()
        container.register(CounterFeed.self) { r in
            CounterFeed(logger: try r.resolve(Logging.self), makeCounter: try r.resolve(Maker<any Counting, Int>.self))
        }
        return container
    }

    /// A container of its own for the main-actor case, so the others' lookup tables stay as
    /// they are.
    private static func makeMainActorContainer() -> Container {
        let container = Container()
        container.register(Logging.self) { _ in PrintLogger() }
        container.registerMainActor(ProfileModel.self) { r in ProfileModel(logger: try r.resolve(Logging.self)) }
        return container
    }

    /// The names of `count` filler registrations, made once outside the timed loops.
    private static func fillerNames(_ count: Int) -> [Name] {
        (0..<count).map { Name("filler-\($0)") }
    }

    /// A container whose `singleton` `Settings` already exists.
    private static func makeContainerWithSingleton() throws -> Container {
        let container = makeContainer()
        _ = try container.resolve(Settings.self)
        return container
    }

    /// `Logging`, `Greeting` and one named `Logging` per filler; with no fillers, every service
    /// of the benchmark.
    private static func registerServices(in container: Container, fillers: [Name]) {
        container.register(Logging.self) { _ in PrintLogger() }
        container.register(Greeting.self) { r in Greeter(logger: try r.resolve(Logging.self)) }
        for name in fillers {
            container.register(Logging.self, name: name) { _ in PrintLogger() }
        }
        guard fillers.isEmpty else { return }

        container.register(Logging.self, name: .local) { _ in PrintLogger() }
        container.register(Greeting.self, name: .local) { r in Greeter(logger: try r.resolve(Logging.self)) }
        container.register(Counting.self) { (r, start: Int) in
            Counter(logger: try r.resolve(Logging.self), start: start)
        }
        container.register(Settings.self, lifetime: .singleton) { _ in AppSettings() }
        registerChain(in: container)
        registerGraphChain(in: container)
    }

    private static func registerChain(in c: Container) {
        c.register(Level0.self) { _ in Level0() }
        c.register(Level1.self) { r in Level1(previous: try r.resolve(Level0.self)) }
        c.register(Level2.self) { r in Level2(previous: try r.resolve(Level1.self)) }
        c.register(Level3.self) { r in Level3(previous: try r.resolve(Level2.self)) }
        c.register(Level4.self) { r in Level4(previous: try r.resolve(Level3.self)) }
        c.register(Level5.self) { r in Level5(previous: try r.resolve(Level4.self)) }
        c.register(Level6.self) { r in Level6(previous: try r.resolve(Level5.self)) }
        c.register(Level7.self) { r in Level7(previous: try r.resolve(Level6.self)) }
        c.register(Level8.self) { r in Level8(previous: try r.resolve(Level7.self)) }
        c.register(Level9.self) { r in Level9(previous: try r.resolve(Level8.self)) }
        c.register(Level9.self, name: .local) { r in Level9(previous: try r.resolve(Level8.self)) }
    }

    private static func registerGraphChain(in c: Container) {
        let graph = Lifetime.graph
        c.register(SharedNode.self, lifetime: graph) { _ in SharedNode() }
        c.register(Node0.self, lifetime: graph) { r in Node0(shared: try r.resolve(SharedNode.self)) }
        c.register(Node1.self, lifetime: graph) { r in
            Node1(previous: try r.resolve(Node0.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node2.self, lifetime: graph) { r in
            Node2(previous: try r.resolve(Node1.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node3.self, lifetime: graph) { r in
            Node3(previous: try r.resolve(Node2.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node4.self, lifetime: graph) { r in
            Node4(previous: try r.resolve(Node3.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node5.self, lifetime: graph) { r in
            Node5(previous: try r.resolve(Node4.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node6.self, lifetime: graph) { r in
            Node6(previous: try r.resolve(Node5.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node7.self, lifetime: graph) { r in
            Node7(previous: try r.resolve(Node6.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node8.self, lifetime: graph) { r in
            Node8(previous: try r.resolve(Node7.self), shared: try r.resolve(SharedNode.self))
        }
        c.register(Node9.self, lifetime: graph) { r in
            Node9(previous: try r.resolve(Node8.self), shared: try r.resolve(SharedNode.self))
        }
    }

    private static func threaded(_ scenario: Scenario, threads: Int, _ container: Container) -> BenchmarkCase {
        BenchmarkCase(
            scenario: scenario,
            run: .threads(threads) { n, sink in
                for _ in 0..<n {
                    sink.consume(try container.resolve(Settings.self))
                }
            })
    }
}

/// The consumer of the handle case: a service that keeps a factory of counters it calls later.
private final class CounterFeed: Sendable {
    let logger: any Logging
    let makeCounter: Maker<any Counting, Int>

    init(logger: any Logging, makeCounter: Maker<any Counting, Int>) {
        (self.logger, self.makeCounter) = (logger, makeCounter)
    }
}

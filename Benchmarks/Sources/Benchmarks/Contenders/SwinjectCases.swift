import Swinject

/// The same cases with Swinject 2.10.0, used the way its documentation shows: factories that
/// resolve their dependencies, `.transient` / `.graph` / `.container` object scopes, and
/// `synchronize()` for access from several threads.
enum SwinjectCases: Contestant {
    static let contender = Contender.swinject

    static func cases() throws -> [BenchmarkCase] {
        // Every case gets a container of its own, so no case inherits another's state (such as
        // the bookkeeping Swinject's graph scope keeps after each resolve).
        let names = (0..<manyRegistrations).map { "service-\($0)" }
        let synchronized = SynchronizedResolver(try makeContainerWithSingleton().synchronize())
        _ = try resolve(Settings.self, from: synchronized.resolver)
        try verify(makeContainer())

        return try requestCases() + [
            .single(.noDeps) { [c = makeContainer()] n in
                try repeatOperation(n) { try resolve(Logging.self, from: c) }
            },
            .single(.oneDep) { [c = makeContainer()] n in
                try repeatOperation(n) { try resolve(Greeting.self, from: c) }
            },
            .single(.chain) { [c = makeContainer()] n in
                try repeatOperation(n) { try resolve(Level9.self, from: c) }
            },
            .single(.forwardedType) { [c = makeForwardingContainer()] n in
                try repeatOperation(n) { try resolve(Greeting.self, from: c) }
            },
            .single(.noDepsNamed) { [c = makeContainer()] n in
                try repeatOperation(n) { try resolve(Logging.self, name: "local", from: c) }
            },
            .single(.oneDepNamed) { [c = makeContainer()] n in
                try repeatOperation(n) { try resolve(Greeting.self, name: "local", from: c) }
            },
            .single(.chainNamed) { [c = makeContainer()] n in
                try repeatOperation(n) { try resolve(Level9.self, name: "local", from: c) }
            },
            .single(.graphChain) { [c = makeContainer()] n in
                try repeatOperation(n) { try resolve(Node9.self, from: c) }
            },
            .single(.singleton) { [c = try makeContainerWithSingleton()] n in
                try repeatOperation(n) { try resolve(Settings.self, from: c) }
            },
            threaded(.singletonOneThread, threads: 1, synchronized),
            threaded(.singletonTwoThreads, threads: 2, synchronized),
            threaded(.singletonEightThreads, threads: 8, synchronized),
            .single(.runtimeArgument) { [c = makeContainer()] n in
                for start in 0..<n {
                    guard let counter = c.resolve(Counting.self, argument: start) else {
                        throw BenchmarkError.notResolved(contender: "Swinject", service: "Counting")
                    }
                    blackHole(counter)
                }
            },
            // Swinject has no handle that builds with arguments later; its nearest form is a
            // closure over `resolve(_:argument:)`, registered as a service and resolved once.
            .single(.makerCall) { [make = try makeCounterClosure(from: makeContainer())] n in
                for start in 0..<n {
                    guard let counter = make(start) else {
                        throw BenchmarkError.notResolved(contender: "Swinject", service: "Counting")
                    }
                    blackHole(counter)
                }
            },
            .single(.oneDepAmong10) { [c = makeContainer(fillers: 10 - 2)] n in
                try repeatOperation(n) { try resolve(Greeting.self, from: c) }
            },
            .single(.oneDepAmong10k) { [c = makeContainer(fillers: manyRegistrations - 2)] n in
                try repeatOperation(n) { try resolve(Greeting.self, from: c) }
            },
            BenchmarkCase(
                scenario: .registration,
                run: .batchKeeping(operationsPerCall: names.count) { n in
                    (0..<n).map { _ in registerNamed(names) }
                }),
            // Swinject's override scope is a child container: the replacement is registered in
            // it, resolved through it, and dropped with it.
            .single(.overrideScope) { [c = makeContainer()] n in
                try repeatOperation(n) {
                    let child = Container(parent: c)
                    child.register(Logging.self) { _ in PrintLogger() }.inObjectScope(.transient)
                    return try resolve(Logging.self, from: child)
                }
            },
            .single(.coldStart) { [fillers = fillerNames(coldStartRegistrations - 2)] n in
                try repeatOperation(n) {
                    let container = Container()
                    registerServices(in: container, fillers: fillers)
                    return try resolve(Greeting.self, from: container)
                }
            },
            // Swinject has no main-actor registrations: its factories are nonisolated, so a
            // `@MainActor` type is built inside `MainActor.assumeIsolated` (a check at run time,
            // a trap off the main thread). The benchmark runs its cases on the main thread.
            .single(.mainActorResolve) { [c = makeMainActorContainer()] n in
                try repeatOperation(n) { try resolve(ProfileModel.self, from: c) }
            },
        ]
    }

    /// The `(Int) -> Counting?` closure registered in `container`, resolved once: it keeps the
    /// container it resolves from.
    private static func makeCounterClosure(from container: Container) throws -> (Int) -> (any Counting)? {
        container.register(((Int) -> (any Counting)?).self) { r in { start in r.resolve(Counting.self, argument: start) } }
            .inObjectScope(.transient)
        guard let make = container.resolve(((Int) -> (any Counting)?).self) else {
            throw BenchmarkError.notResolved(contender: "Swinject", service: "(Int) -> Counting?")
        }
        return make
    }

    /// Checks, before timing, that the object scopes behave as the cases claim.
    private static func verify(_ container: Container) throws {
        guard let node = container.resolve(Node9.self), node.sharesOneNode else {
            throw BenchmarkError.wrongGraph(contender: "Swinject", problem: "built several SharedNodes in one graph resolve")
        }
        guard try resolve(Greeting.self, from: container) !== resolve(Greeting.self, from: container) else {
            throw BenchmarkError.wrongGraph(contender: "Swinject", problem: "returned one Greeting twice from a transient registration")
        }
        guard try resolve(Settings.self, from: container) === resolve(Settings.self, from: container) else {
            throw BenchmarkError.wrongGraph(contender: "Swinject", problem: "built two Settings from a .container registration")
        }
    }

    static func holdRegistrations(_ count: Int) -> AnyObject? {
        registerNamed((0..<count).map { "service-\($0)" })
    }

    /// A fresh container holding one `Logging` registration per name.
    private static func registerNamed(_ names: [String]) -> Container {
        let container = Container()
        for name in names {
            container.register(Logging.self, name: name) { _ in PrintLogger() }
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
    /// `Greeting` (`implements`).
    private static func makeForwardingContainer() -> Container {
        let container = Container()
        container.register(Logging.self) { _ in PrintLogger() }.inObjectScope(.transient)
        container.register(Greeter.self) { r in
            Greeter(logger: required(r.resolve(Logging.self)))
        }.inObjectScope(.transient).implements(Greeting.self)
        return container
    }

    /// A container of its own for the main-actor case, so the others' lookup tables stay as
    /// they are.
    private static func makeMainActorContainer() -> Container {
        let container = Container()
        container.register(Logging.self) { _ in PrintLogger() }.inObjectScope(.transient)
        container.register(ProfileModel.self) { r in
            // The resolver is not `Sendable`: the dependency is resolved before entering.
            let logger = required(r.resolve(Logging.self))
            return MainActor.assumeIsolated { ProfileModel(logger: logger) }
        }.inObjectScope(.transient)
        return container
    }

    /// The names of `count` filler registrations, made once outside the timed loops.
    private static func fillerNames(_ count: Int) -> [String] {
        (0..<count).map { "filler-\($0)" }
    }

    /// A container whose `.container`-scoped `Settings` already exists.
    private static func makeContainerWithSingleton() throws -> Container {
        let container = makeContainer()
        _ = try resolve(Settings.self, from: container)
        return container
    }

    /// `Logging`, `Greeting` and one named `Logging` per filler; with no fillers, every service
    /// of the benchmark.
    private static func registerServices(in container: Container, fillers: [String]) {
        container.register(Logging.self) { _ in PrintLogger() }.inObjectScope(.transient)
        container.register(Greeting.self) { r in
            Greeter(logger: required(r.resolve(Logging.self)))
        }.inObjectScope(.transient)
        for name in fillers {
            container.register(Logging.self, name: name) { _ in PrintLogger() }
        }
        guard fillers.isEmpty else { return }

        container.register(Logging.self, name: "local") { _ in PrintLogger() }.inObjectScope(.transient)
        container.register(Greeting.self, name: "local") { r in
            Greeter(logger: required(r.resolve(Logging.self)))
        }.inObjectScope(.transient)
        container.register(Counting.self) { (r: Resolver, start: Int) in
            Counter(logger: required(r.resolve(Logging.self)), start: start)
        }.inObjectScope(.transient)
        container.register(Settings.self) { _ in AppSettings() }.inObjectScope(.container)
        registerChain(in: container)
        registerGraphChain(in: container)
    }

    private static func registerChain(in c: Container) {
        c.register(Level0.self) { _ in Level0() }.inObjectScope(.transient)
        c.register(Level1.self) { r in Level1(previous: required(r.resolve(Level0.self))) }.inObjectScope(.transient)
        c.register(Level2.self) { r in Level2(previous: required(r.resolve(Level1.self))) }.inObjectScope(.transient)
        c.register(Level3.self) { r in Level3(previous: required(r.resolve(Level2.self))) }.inObjectScope(.transient)
        c.register(Level4.self) { r in Level4(previous: required(r.resolve(Level3.self))) }.inObjectScope(.transient)
        c.register(Level5.self) { r in Level5(previous: required(r.resolve(Level4.self))) }.inObjectScope(.transient)
        c.register(Level6.self) { r in Level6(previous: required(r.resolve(Level5.self))) }.inObjectScope(.transient)
        c.register(Level7.self) { r in Level7(previous: required(r.resolve(Level6.self))) }.inObjectScope(.transient)
        c.register(Level8.self) { r in Level8(previous: required(r.resolve(Level7.self))) }.inObjectScope(.transient)
        c.register(Level9.self) { r in Level9(previous: required(r.resolve(Level8.self))) }.inObjectScope(.transient)
        c.register(Level9.self, name: "local") { r in
            Level9(previous: required(r.resolve(Level8.self)))
        }.inObjectScope(.transient)
    }

    /// Registered in Swinject's default scope, `.graph`.
    private static func registerGraphChain(in c: Container) {
        c.register(SharedNode.self) { _ in SharedNode() }
        c.register(Node0.self) { r in Node0(shared: required(r.resolve(SharedNode.self))) }
        c.register(Node1.self) { r in Node1(previous: required(r.resolve(Node0.self)), shared: required(r.resolve(SharedNode.self))) }
        c.register(Node2.self) { r in Node2(previous: required(r.resolve(Node1.self)), shared: required(r.resolve(SharedNode.self))) }
        c.register(Node3.self) { r in Node3(previous: required(r.resolve(Node2.self)), shared: required(r.resolve(SharedNode.self))) }
        c.register(Node4.self) { r in Node4(previous: required(r.resolve(Node3.self)), shared: required(r.resolve(SharedNode.self))) }
        c.register(Node5.self) { r in Node5(previous: required(r.resolve(Node4.self)), shared: required(r.resolve(SharedNode.self))) }
        c.register(Node6.self) { r in Node6(previous: required(r.resolve(Node5.self)), shared: required(r.resolve(SharedNode.self))) }
        c.register(Node7.self) { r in Node7(previous: required(r.resolve(Node6.self)), shared: required(r.resolve(SharedNode.self))) }
        c.register(Node8.self) { r in Node8(previous: required(r.resolve(Node7.self)), shared: required(r.resolve(SharedNode.self))) }
        c.register(Node9.self) { r in Node9(previous: required(r.resolve(Node8.self)), shared: required(r.resolve(SharedNode.self))) }
    }

    private static func threaded(
        _ scenario: Scenario, threads: Int, _ synchronized: SynchronizedResolver
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: scenario,
            run: .threads(threads) { n, sink in
                for _ in 0..<n {
                    sink.consume(try resolve(Settings.self, from: synchronized.resolver))
                }
            })
    }

    static func resolve<S, R: Resolver>(_ type: S.Type, name: String? = nil, from resolver: R) throws -> AnyObject {
        guard let service = resolver.resolve(type, name: name) else {
            throw BenchmarkError.notResolved(contender: "Swinject", service: "\(S.self)")
        }
        return service as AnyObject
    }
}

/// Unwraps a dependency inside a Swinject factory, which cannot throw. The benchmark registers
/// every dependency before it runs, so `nil` means the benchmark's own wiring is wrong.
func required<T>(_ dependency: T?) -> T {
    guard let dependency else {
        preconditionFailure("benchmark wiring: \(T.self) must be registered in Swinject before it is resolved")
    }
    return dependency
}

/// Swinject's `synchronize()` resolver takes one recursive lock around every resolve, which is
/// what makes it safe to share between threads; Swinject does not declare it `Sendable`, so this
/// box states that documented guarantee for the threaded cases. `@unchecked` is sound because the
/// only stored property is immutable and every use of the resolver goes through Swinject's lock.
private final class SynchronizedResolver: @unchecked Sendable {
    let resolver: any Resolver

    init(_ resolver: any Resolver) {
        self.resolver = resolver
    }
}

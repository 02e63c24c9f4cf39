import Dependencies

/// The cases with swift-dependencies 1.17.1, used the way its documentation shows: a
/// `@Dependency` read where the service is needed, `withDependencies` to replace values for a
/// scope. Its dependencies are declared at compile time (`DependencyValues+Services.swift`,
/// `DependencyValues+GraphChain.swift`), so some cases mean something different for it:
///
/// - "transient": it has no transient lifetime; the dependency is a factory closure, read with
///   `@Dependency` and called (each factory reads its own dependencies the same way).
/// - "graph": it has no graph lifetime; the top-level read builds the shared node and the
///   factories hand it down.
/// - "existing singleton": a live value, built once per process and cached by the library.
/// - "cold start": there is no container to build; its nearest equivalent is a
///   `withDependencies` scope that sets 20 values (the live factories) and reads one — what an
///   app's entry point does to configure its dependencies.
/// - "main actor": the dependency is a `@MainActor` factory closure, read with `@Dependency` and
///   called on the main actor; the library itself has no notion of isolation.
/// - "request scope": there is no scope to open; its nearest equivalent is what a server
///   middleware does, an `async` `withDependencies` scope that sets the request's two values, in
///   which four `@Dependency` reads (the two request values and two live singletons) build the use
///   case. It runs in a task, as ours does.
/// - Names, registration counts, registration and memory per registration have no equivalent
///   (a name is another key type, declared at compile time), so those rows show "—".
enum DependenciesCases: Contestant {
    static let contender = Contender.dependencies

    static func cases() throws -> [BenchmarkCase] {
        try verify()
        return [
            .single(.noDeps) { n in repeatOperation(n) { logger() } },
            .single(.oneDep) { n in repeatOperation(n) { greeting() } },
            .single(.chain) { n in repeatOperation(n) { chain() } },
            .single(.graphChain) { n in repeatOperation(n) { graphChain() } },
            .single(.singleton) { n in repeatOperation(n) { settings() } },
            threaded(.singletonOneThread, threads: 1),
            threaded(.singletonTwoThreads, threads: 2),
            threaded(.singletonEightThreads, threads: 8),
            .single(.runtimeArgument) { n in
                for start in 0..<n {
                    blackHole(counter(start))
                }
            },
            // The factory closure read once, then called: what a consumer holding it does.
            .single(.makerCall) { n in
                @Dependency(\.makeCounter) var makeCounter
                for start in 0..<n {
                    blackHole(makeCounter(start))
                }
            },
            .single(.overrideScope) { n in repeatOperation(n) { overriddenLogger() } },
            .single(.coldStart) { n in repeatOperation(n) { coldStart() } },
            // The benchmark runs its cases on the main thread.
            .single(.mainActorResolve) { n in MainActor.assumeIsolated { repeatOperation(n) { profileModel() } } },
            .async(.requestScope) { n in
                for _ in 0..<n {
                    blackHole(await handleRequest())
                }
            },
        ]
    }

    static func holdRegistrations(_ count: Int) -> AnyObject? { nil }

    /// Checks, before timing, that the cases build what they claim.
    private static func verify() throws {
        guard graphChain().sharesOneNode else {
            throw BenchmarkError.wrongGraph(contender: "swift-dependencies", problem: "built several SharedNodes in one graph read")
        }
        guard greeting() !== greeting() else {
            throw BenchmarkError.wrongGraph(contender: "swift-dependencies", problem: "returned one Greeting twice from a factory")
        }
        guard settings() === settings() else {
            throw BenchmarkError.wrongGraph(contender: "swift-dependencies", problem: "built two Settings from a live value")
        }
        try Harness.wait {
            let (first, other) = (await handleRequest(), await handleRequest())
            guard first.unitOfWork !== other.unitOfWork, first.user !== other.user, first.pool === other.pool else {
                throw BenchmarkError.wrongGraph(
                    contender: "swift-dependencies", problem: "did not give each request its own values and both the same pool")
            }
        }
    }

    private static func logger() -> any Logging {
        @Dependency(\.makeLogger) var makeLogger
        return makeLogger()
    }

    private static func greeting() -> any Greeting {
        @Dependency(\.makeGreeting) var makeGreeting
        return makeGreeting()
    }

    @MainActor
    private static func profileModel() -> ProfileModel {
        @Dependency(\.makeProfileModel) var makeProfileModel
        return makeProfileModel()
    }

    private static func chain() -> Level9 {
        @Dependency(\.makeLevel9) var makeLevel9
        return makeLevel9()
    }

    private static func graphChain() -> Node9 {
        @Dependency(\.makeSharedNode) var makeSharedNode
        @Dependency(\.makeNode9) var makeNode9
        return makeNode9(makeSharedNode())
    }

    private static func settings() -> any Settings {
        @Dependency(\.settings) var settings
        return settings
    }

    private static func counter(_ start: Int) -> any Counting {
        @Dependency(\.makeCounter) var makeCounter
        return makeCounter(start)
    }

    /// Enter a scope, replace `makeLogger`, read it and build one, leave.
    private static func overriddenLogger() -> any Logging {
        withDependencies {
            $0.makeLogger = { PrintLogger() }
        } operation: {
            logger()
        }
    }

    /// A request: a scope that sets the request's two values, in which the use case is built.
    private static func handleRequest() async -> PlaceOrderUseCase {
        await withDependencies {
            $0.unitOfWork = UnitOfWork()
            $0.currentUser = CurrentUser()
        } operation: { () async -> PlaceOrderUseCase in
            placeOrderUseCase()
        }
    }

    /// The use case, from four `@Dependency` reads.
    private static func placeOrderUseCase() -> PlaceOrderUseCase {
        @Dependency(\.unitOfWork) var unitOfWork
        @Dependency(\.currentUser) var user
        @Dependency(\.connectionPool) var pool
        @Dependency(\.settings) var settings
        return PlaceOrderUseCase(unitOfWork: unitOfWork, user: user, pool: pool, settings: settings)
    }

    /// A scope that sets `coldStartRegistrations` values, then builds one `Greeting`.
    private static func coldStart() -> any Greeting {
        withDependencies {
            $0.makeLogger = MakeLoggerKey.liveValue
            $0.makeGreeting = MakeGreetingKey.liveValue
            $0.settings = SettingsKey.liveValue
            $0.makeCounter = MakeCounterKey.liveValue
            $0.makeLevel0 = MakeLevel0Key.liveValue
            $0.makeLevel1 = MakeLevel1Key.liveValue
            $0.makeLevel2 = MakeLevel2Key.liveValue
            $0.makeLevel3 = MakeLevel3Key.liveValue
            $0.makeLevel4 = MakeLevel4Key.liveValue
            $0.makeLevel5 = MakeLevel5Key.liveValue
            $0.makeLevel6 = MakeLevel6Key.liveValue
            $0.makeLevel7 = MakeLevel7Key.liveValue
            $0.makeLevel8 = MakeLevel8Key.liveValue
            $0.makeLevel9 = MakeLevel9Key.liveValue
            $0.makeSharedNode = MakeSharedNodeKey.liveValue
            $0.makeNode0 = MakeNode0Key.liveValue
            $0.makeNode1 = MakeNode1Key.liveValue
            $0.makeNode2 = MakeNode2Key.liveValue
            $0.makeNode3 = MakeNode3Key.liveValue
            $0.makeNode4 = MakeNode4Key.liveValue
        } operation: {
            greeting()
        }
    }

    private static func threaded(_ scenario: Scenario, threads: Int) -> BenchmarkCase {
        BenchmarkCase(
            scenario: scenario,
            run: .threads(threads) { n, sink in
                for _ in 0..<n {
                    sink.consume(settings())
                }
            })
    }
}

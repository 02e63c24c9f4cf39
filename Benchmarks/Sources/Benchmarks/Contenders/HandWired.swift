/// The floor: the same objects built with plain initializer calls.
enum HandWired: Contestant {
    static let contender = Contender.handWired

    static func cases() -> [BenchmarkCase] {
        let holder = SingletonHolder()
        return [
            .single(.noDeps) { n in repeatOperation(n) { PrintLogger() } },
            .single(.oneDep) { n in repeatOperation(n) { Greeter(logger: PrintLogger()) } },
            .single(.chain) { n in repeatOperation(n) { makeChain() } },
            .single(.graphChain) { n in repeatOperation(n) { makeGraphChain() } },
            .single(.runtimeArgument) { n in
                for start in 0..<n {
                    blackHole(Counter(logger: PrintLogger(), start: start))
                }
            },
            // The floor of "existing singleton": read a stored reference. Every reader takes a
            // strong reference, so threads still share one reference count.
            .single(.singleton) { n in repeatOperation(n) { holder.settings } },
            threaded(.singletonOneThread, threads: 1, holder),
            threaded(.singletonTwoThreads, threads: 2, holder),
            threaded(.singletonEightThreads, threads: 8, holder),
            // A request: its two objects built anew, the two singletons read from where they are
            // stored.
            .single(.requestScope) { n in
                repeatOperation(n) {
                    PlaceOrderUseCase(unitOfWork: UnitOfWork(), user: CurrentUser(), pool: holder.pool, settings: holder.settings)
                }
            },
            // A server's request: its transaction begun on a leased connection, the use case
            // built on it, the transaction committed, as the example's hand-wired routes do.
            .async(.serverRequest) { n in
                for index in 0..<n {
                    let identity = RequestIdentity(requestID: index)
                    let transaction = await RequestTransaction.begin(pool: holder.leasePool, identity: identity)
                    blackHole(DescribeRequestUseCase(identity: identity, transaction: transaction))
                    await transaction.finish(committing: true)
                }
            },
            // The benchmark runs its cases on the main thread.
            .single(.mainActorResolve) { n in
                MainActor.assumeIsolated { repeatOperation(n) { ProfileModel(logger: PrintLogger()) } }
            },
        ]
    }

    private static func threaded(_ scenario: Scenario, threads: Int, _ holder: SingletonHolder) -> BenchmarkCase {
        BenchmarkCase(
            scenario: scenario,
            run: .threads(threads) { n, sink in
                for _ in 0..<n {
                    sink.consume(holder.settings)
                }
            })
    }

    static func holdRegistrations(_ count: Int) -> AnyObject? { nil }

    /// Where hand-wired code keeps its singletons: immutable stored references.
    private final class SingletonHolder: Sendable {
        let settings: any Settings = AppSettings()
        let pool = ConnectionPool()
        let leasePool = LeasePool()
    }

    private static func makeChain() -> Level9 {
        Level9(
            previous: Level8(
                previous: Level7(
                    previous: Level6(
                        previous: Level5(
                            previous:
                                Level4(previous: Level3(previous: Level2(previous: Level1(previous: Level0())))))))))
    }

    private static func makeGraphChain() -> Node9 {
        let s = SharedNode()
        let n0 = Node0(shared: s)
        let n1 = Node1(previous: n0, shared: s)
        let n2 = Node2(previous: n1, shared: s)
        let n3 = Node3(previous: n2, shared: s)
        let n4 = Node4(previous: n3, shared: s)
        let n5 = Node5(previous: n4, shared: s)
        let n6 = Node6(previous: n5, shared: s)
        let n7 = Node7(previous: n6, shared: s)
        let n8 = Node8(previous: n7, shared: s)
        return Node9(previous: n8, shared: s)
    }
}

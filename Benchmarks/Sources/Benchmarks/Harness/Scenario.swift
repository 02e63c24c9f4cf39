/// Who builds the objects in a case.
enum Contender: String, Sendable, CaseIterable {
    /// Plain initializer calls: the floor every container is compared with.
    case handWired = "hand-wired"
    /// This package's `DIContainer`.
    case ours = "DIContainer"
    /// Swinject 2.10.0.
    case swinject = "Swinject"
    /// swift-dependencies 1.17.1 (Point-Free), in its documented form: `DependencyKey`s,
    /// `DependencyValues` properties, `@Dependency` reads and `withDependencies` scopes.
    case dependencies = "swift-dependencies"
    /// `MinimalContainer`, the floor of a container with this API shape: the graph and cold-start
    /// cases only.
    case minimal = "minimal container"
}

/// What a case measures; each contender implements the scenarios it supports.
enum Scenario: String, Sendable, CaseIterable {
    case noDeps, oneDep, chain
    case forwardedType
    case noDepsNamed, oneDepNamed, chainNamed
    case graphChain
    case singleton, singletonOneThread, singletonTwoThreads, singletonEightThreads
    case runtimeArgument
    /// The same service and argument through a handle resolved once, before the clock starts, and
    /// called per operation (ours: a `Maker`).
    case makerCall
    /// A transient with one dependency that keeps a `Maker` (ours only): the handle made per
    /// resolve, and nothing read through it.
    case handleConsumer
    case oneDepAmong10, oneDepAmong10k
    case registration, registrationAndValidation
    /// Register a 2,000-service graph of ten assemblies and run its first `validateAsync()`.
    case modularValidation
    case memoryPerRegistration
    /// Enter an override scope, replace one service, resolve it, leave.
    case overrideScope
    /// A new container, `coldStartRegistrations` registrations, one resolve (one dependency),
    /// teardown — all timed.
    case coldStart
    /// On the main actor: a new `@MainActor` view model with one nonisolated dependency.
    case mainActorResolve
    /// Open a request scope, resolve a use case with two request-scoped and two singleton
    /// dependencies, close the scope.
    case requestScope
    /// The same request scope, with one empty `onShutdown` hook on a request-scoped service.
    case requestScopeWithHook
    /// A server's request as the example server serves one: the request's identity handed into
    /// the scope, a use case and an actor-backed unit of work built by `async` factories, and
    /// the unit of work's `onShutdown(timeout:)` hook committing it as the scope closes.
    case serverRequest
    /// `concurrentRequests` request scopes at once, each resolving a use case whose session a
    /// 5 ms `async` request-scoped factory loads.
    case concurrentScopes
    /// The same graph, every registration `transient`, resolved by `concurrentRequests` tasks at
    /// once: what `concurrentScopes` is compared with.
    case concurrentTransient
}

/// One runnable case: a scenario and how to run a batch of it.
struct BenchmarkCase {
    /// How a case runs.
    enum Run {
        /// A single-threaded batch performing its operation `n` times; `operationsPerCall`
        /// operations per iteration.
        case batch(operationsPerCall: Int, (Int) throws -> Void)
        /// Like `batch`, but what the batch returns is released after the clock stops, so its
        /// teardown is not timed (registration cases: the containers built).
        case batchKeeping(operationsPerCall: Int, (Int) throws -> [AnyObject])
        /// `threads` real threads each performing the operation `n` times.
        case threads(Int, @Sendable (Int, ThreadSink) throws -> Void)
        /// Like `batch`, in a task (for cases that are `async` by nature, such as opening a
        /// scope): the runner's thread waits for it, and only the batch inside the task is timed.
        case asyncBatch(operationsPerCall: Int, @Sendable (Int) async throws -> Void)
    }

    let scenario: Scenario
    let run: Run

    /// A single-threaded case performing one operation per iteration.
    static func single(_ scenario: Scenario, _ batch: @escaping (Int) throws -> Void) -> BenchmarkCase {
        BenchmarkCase(scenario: scenario, run: .batch(operationsPerCall: 1, batch))
    }

    /// A case performing one operation per iteration in a task.
    static func async(_ scenario: Scenario, _ batch: @escaping @Sendable (Int) async throws -> Void) -> BenchmarkCase {
        BenchmarkCase(scenario: scenario, run: .asyncBatch(operationsPerCall: 1, batch))
    }
}

/// A set of cases one contender implements, plus the memory-probe builder.
protocol Contestant {
    /// Who this is.
    static var contender: Contender { get }

    /// Builds every case; containers are set up here, outside the timed batches.
    ///
    /// - Throws: When setting up a case fails (e.g. a registration cannot be resolved).
    static func cases() throws -> [BenchmarkCase]

    /// Builds `count` named registrations and returns what holds them, for the memory probe;
    /// `nil` when the contender has no registrations to hold.
    ///
    /// - Parameter count: How many registrations to make.
    static func holdRegistrations(_ count: Int) -> AnyObject?
}

/// The number of registrations in the "many registrations" cases (6, 7 and 8).
let manyRegistrations = 10_000

/// The number of registrations in the cold-start case: `Logging`, `Greeting` (resolved) and
/// named `Logging` fillers.
let coldStartRegistrations = 20

/// Performs `body` `count` times, passing each result to the sink. Inlined into every case so
/// the operation itself is specialized at the call site.
@inline(__always)
func repeatOperation(_ count: Int, _ body: () throws -> AnyObject) rethrows {
    for _ in 0..<count {
        blackHole(try body())
    }
}

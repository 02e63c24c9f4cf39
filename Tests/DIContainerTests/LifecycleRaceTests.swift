import DIContainer
import DIContainerLocking
import Foundation
import Testing

// Randomized lifecycle: workers interleave resolves, request scopes (nested, with child tasks and
// tasks that outlive them), overrides, resets, re-registrations, decorators, start-up and, at the
// end, shutdown, on one container, in an order chosen from a seed; afterwards the ledger of what
// was built and what ended must agree with a sequential model. `DICONTAINER_LIFECYCLE_SEED` and
// `DICONTAINER_LIFECYCLE_ROUNDS` run one seed for longer; `DICONTAINER_LIFECYCLE_OPERATIONS` (names
// of `Operation`'s cases, comma-separated) narrows the schedule to find which operations a failure needs.

/// One built instance: its number, what it is, and the numbers of the instances it holds.
final class LifeProbe: Sendable {
    let id: Int
    let kind: String
    let holds: [Int]
    /// The request whose scope built it (`unit`), else 0.
    let request: Int
    /// Whether its registration had its hook when it was built: one built in the moment between
    /// `register` and `onShutdown` may end before the hook exists.
    let isHooked: Bool

    init(id: Int, kind: String, holds: [LifeProbe] = [], request: Int = 0, isHooked: Bool = true) {
        (self.id, self.kind, self.holds, self.request, self.isHooked) = (id, kind, holds.map(\.id), request, isHooked)
    }
}

/// A request's number, handed into its scope.
struct RequestNumber: Sendable {
    let value: Int
}

/// What was built and what ended, in order: the model the run is checked against.
final class LifeLedger: Sendable {
    private struct State {
        var next = 0
        var built: [Int: LifeProbe] = [:]
        /// Hook runs, in order: instance, how its lifetime ended.
        var ended: [(id: Int, reason: String)] = []
        var shutDown = false
        var problems: [String] = []
    }

    private let state = Locked(State())

    func build(_ kind: String, holds: [LifeProbe] = [], request: Int = 0, isHooked: Bool = true) -> LifeProbe {
        state.withLock { state in
            state.next += 1
            let probe = LifeProbe(id: state.next, kind: kind, holds: holds, request: request, isHooked: isHooked)
            state.built[probe.id] = probe
            if state.shutDown { state.problems.append("\(kind) #\(probe.id) built after shutdown returned") }
            return probe
        }
    }

    func end(_ probe: LifeProbe, _ reason: ShutdownReason) {
        let text: String
        switch reason {
        case .containerShutdown: text = "shutdown"
        case .reset: text = "reset"
        case .replaced: text = "replaced"
        case .scopeSucceeded, .scopeFailed: text = "scope"
        }
        state.withLock { $0.ended.append((probe.id, text)) }
    }

    func problem(_ text: String) { state.withLock { $0.problems.append(text) } }
    func markShutDown() { state.withLock { $0.shutDown = true } }

    /// What the model says went wrong: every built instance ended exactly once; at shutdown, after
    /// the instances that hold it; the problems the operations saw.
    var findings: [String] {
        state.withLock { state in
            var findings = state.problems
            var runs: [Int: Int] = [:]
            var order: [Int: (index: Int, reason: String)] = [:]
            for (index, ended) in state.ended.enumerated() {
                runs[ended.id, default: 0] += 1
                order[ended.id] = (index, ended.reason)
            }
            for (id, probe) in state.built where runs[id] ?? 0 > 1 || (probe.isHooked && runs[id] != 1) {
                findings.append("\(probe.kind) #\(id): hook ran \(runs[id] ?? 0) times")
            }
            for probe in state.built.values {
                guard let dependent = order[probe.id] else { continue }
                for held in probe.holds {
                    guard let dependency = order[held], dependency.reason == "shutdown" else { continue }
                    if dependent.index > dependency.index {
                        findings.append("\(probe.kind) #\(probe.id) ended after #\(held) it holds, at shutdown")
                    }
                }
            }
            return findings
        }
    }
}

@Suite("Randomized lifecycle")
struct LifecycleRaceTests {
    final class Database: Sendable {
        let probe: LifeProbe
        init(_ probe: LifeProbe) { self.probe = probe }
    }
    final class Pool: Sendable {
        let probe: LifeProbe
        init(_ probe: LifeProbe) { self.probe = probe }
    }
    final class Session: Sendable {
        let probe: LifeProbe
        init(_ probe: LifeProbe) { self.probe = probe }
    }
    final class Unit: Sendable {
        let probe: LifeProbe
        init(_ probe: LifeProbe) { self.probe = probe }
    }
    final class Repository: Sendable {
        let probe: LifeProbe
        let database: Lazy<Database>
        init(_ probe: LifeProbe, database: Lazy<Database>) { (self.probe, self.database) = (probe, database) }
    }
    final class View: Sendable {
        let unit: Unit
        let session: Session
        init(unit: Unit, session: Session) { (self.unit, self.session) = (unit, session) }
    }

    static let session: Scope = "race session"

    /// Registers (or registers again) the database.
    /// Registers (or registers again) the database: one registration at a time (racing the
    /// resolves, not each other), so that each gets its hook before the next replaces it — a
    /// hook added to a registration already replaced changes nothing. What it builds before its
    /// hook is added may end without it.
    static func registerDatabase(in container: Container, ledger: LifeLedger) {
        let isHooked = Locked(false)
        _ = registering.withLock { _ in
            container.register(Database.self, lifetime: .singleton) { _ in Database(ledger.build("db", isHooked: isHooked.withLock { $0 }))
            }
            .onShutdown { database, reason in ledger.end(database.probe, reason) }
            .replacing()
        }
        isHooked.withLock { $0 = true }
    }

    private static let registering = Locked(())

    static func assemble(_ container: Container, ledger: LifeLedger) {
        registerDatabase(in: container, ledger: ledger)
        container.register(Pool.self, lifetime: .singleton) { r async throws in
            Pool(ledger.build("pool", holds: [try r.resolve(Database.self).probe]))
        }
        .onShutdown { pool, reason in ledger.end(pool.probe, reason) }
        .eager()
        container.register(Session.self, lifetime: .scoped(session)) { r in
            Session(ledger.build("session", holds: [try r.resolve(Database.self).probe]))
        }
        .onShutdown { session, reason in ledger.end(session.probe, reason) }
        container.register(RequestNumber.self, providedBy: .request)
        container.register(Unit.self, lifetime: .scoped(.request)) { r in
            let request = try r.resolve(RequestNumber.self).value
            return Unit(ledger.build("unit", holds: [try r.resolve(Database.self).probe], request: request))
        }
        .onShutdown { unit, reason in ledger.end(unit.probe, reason) }
        container.register(Repository.self, lifetime: .singleton) { r in
            Repository(ledger.build("repo"), database: try r.resolve(Lazy<Database>.self))
        }
        .onShutdown { repository, reason in ledger.end(repository.probe, reason) }
        container.register(View.self) { r in View(unit: try r.resolve(Unit.self), session: try r.resolve(Session.self)) }
    }

    /// One worker's operation, chosen by the schedule.
    enum Operation: CaseIterable {
        case resolveSingletons, request, nestedRequest, overrides, resetSession, resetSingletons, reRegister, decorate, start
    }

    /// The operations a schedule draws from.
    static var operations: [Operation] {
        guard let only = ProcessInfo.processInfo.environment["DICONTAINER_LIFECYCLE_OPERATIONS"] else { return Operation.allCases }
        return Operation.allCases.filter { only.split(separator: ",").contains(Substring("\($0)")) }
    }

    /// Runs one operation; what it sees that the model forbids is a problem.
    static func run(
        _ operation: Operation, number: Int, container: Container, ledger: LifeLedger,
        escaping: Locked<[(closed: Gate, task: Task<Void, Never>)]>
    ) async {
        do {
            switch operation {
            case .resolveSingletons:
                _ = try container.resolve(Repository.self).database.instance
                _ = try container.resolve(Session.self)
            case .request, .nestedRequest:
                let closed = Gate()
                defer { closed.open() }
                try await container.withScope(.request, providing: RequestNumber(value: number)) {
                    let unit = try container.resolve(Unit.self)
                    if unit.probe.request != number { ledger.problem("request \(number) got request \(unit.probe.request)'s unit") }
                    let shared = try await withThrowingTaskGroup(of: Int.self) { group in
                        for _ in 0..<2 { group.addTask { try container.resolve(View.self).unit.probe.id } }
                        return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
                    }
                    if shared != [unit.probe.id] { ledger.problem("request \(number): child tasks saw units \(shared)") }
                    if operation == .nestedRequest {
                        try await container.withScope(Self.session) {
                            try await container.withScope(.request, providing: RequestNumber(value: -number)) {
                                let inner = try container.resolve(View.self)
                                if inner.unit.probe.request != -number { ledger.problem("nested request \(number) leaked") }
                            }
                        }
                    }
                    // Work that outlives the scope is refused.
                    escaping.withLock {
                        $0.append(
                            (
                                closed,
                                Task {
                                    await closed.wait()
                                    if (try? container.resolve(Unit.self)) != nil {
                                        ledger.problem("request \(number): resolved after it ended")
                                    }
                                }
                            ))
                    }
                }
            case .overrides:
                try container.withOverrides { overrides in
                    overrides.register(Database.self, lifetime: .singleton) { _ in Database(ledger.build("db override")) }
                        .onShutdown { database, reason in ledger.end(database.probe, reason) }
                } operation: {
                    _ = try container.resolve(Repository.self)
                    _ = try container.resolve(Database.self)
                }
            case .resetSession:
                container.reset(.scoped(Self.session))
            case .resetSingletons:
                try await container.reset(.singleton, timeout: .seconds(120))
            case .reRegister:
                registerDatabase(in: container, ledger: ledger)
            case .decorate:
                container.decorate(Session.self) { _, session in session }
            case .start:
                try await container.start()
            }
        } catch let error as ResolutionError {
            if case .shutDown = error.kind { return }
            ledger.problem("\(operation) \(number): \(error)")
        } catch {
            ledger.problem("\(operation) \(number): \(error)")
        }
    }

    /// Runs `rounds` rounds of `seed`'s schedule, each on a new container, checking after each.
    private func race(seed: UInt64, rounds: Int, workers: Int = 4, perWorker: Int = 24) async throws {
        var generator = SplitMix64(seed: seed)
        for round in 0..<rounds {
            let ledger = LifeLedger()
            let container = Container()
            Self.assemble(container, ledger: ledger)
            let schedule = (0..<workers).map { _ in
                (0..<perWorker).map { _ in Self.operations.randomElement(using: &generator) ?? .request }
            }
            let escaping = Locked<[(closed: Gate, task: Task<Void, Never>)]>([])
            await withTaskGroup(of: Void.self) { group in
                for (worker, operations) in schedule.enumerated() {
                    group.addTask {
                        for (index, operation) in operations.enumerated() {
                            await Self.run(
                                operation, number: worker * 1_000 + index + 1, container: container, ledger: ledger,
                                escaping: escaping)
                        }
                    }
                }
            }
            do {
                try await container.shutdown(timeout: .seconds(120))
            } catch {
                ledger.problem("shutdown: \(error)")
            }
            ledger.markShutDown()
            for (closed, task) in escaping.withLock({ $0 }) {
                closed.open()
                await task.value
            }
            // Nothing is built after shutdown returned, even by work still running.
            _ = try? container.resolve(Repository.self)
            let findings = ledger.findings
            #expect(findings.isEmpty, "seed \(seed), round \(round): \(findings.prefix(10))")
        }
    }

    @Test(
        "randomized lifecycles: every hook once, dependents first, nothing after shutdown, no leak between scopes",
        .timeLimit(.minutes(2)), arguments: [1, 2, 3] as [UInt64])
    func randomizedLifecycles(seed: UInt64) async throws {
        try await race(seed: seed, rounds: 6)
    }

    @Test(
        "a lifecycle seed and round count from the environment, for longer runs",
        .enabled(if: ProcessInfo.processInfo.environment["DICONTAINER_LIFECYCLE_SEED"] != nil))
    func seedFromEnvironment() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = try #require(environment["DICONTAINER_LIFECYCLE_SEED"].flatMap { UInt64($0) })
        let rounds = environment["DICONTAINER_LIFECYCLE_ROUNDS"].flatMap { Int($0) } ?? 100
        try await race(seed: seed, rounds: rounds)
    }
}

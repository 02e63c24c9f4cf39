import DIContainer
import DIContainerLocking
import Foundation
import Synchronization
import Testing

// Randomized concurrent mutation: workers interleave registrations, decorators, context variants,
// aliases, hooks, resolves, resets and removeAll on one container, in an order chosen from a seed;
// afterwards every registration must be what any order of the same operations makes of it.
// `DICONTAINER_RACE_SEED` and `DICONTAINER_RACE_ROUNDS` run one seed for longer.

/// SplitMix64: a tiny deterministic generator, so that a seed names one schedule of operations.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

protocol RaceService: Sendable {
    var probe: RaceProbe { get }
}

/// What a factory built, wrapped once per decorator layer; its hooks count into `hookRuns`.
final class RaceProbe: RaceService {
    let key: Int
    /// Which `register` (or which of its variants) built it.
    let registration: Int
    let context: String?
    let layers: Int
    let hookRuns: Locked<Int>

    init(key: Int, registration: Int, context: String?, layers: Int = 0, hookRuns: Locked<Int> = Locked(0)) {
        (self.key, self.registration, self.context, self.layers, self.hookRuns) = (key, registration, context, layers, hookRuns)
    }

    var probe: RaceProbe { self }
    var decorated: RaceProbe {
        RaceProbe(key: key, registration: registration, context: context, layers: layers + 1, hookRuns: hookRuns)
    }
}

/// What the operations did, to tell what must hold whatever their order.
private struct RaceRecord {
    var registrations = 0
    /// The latest registration of each key, with its number.
    var latest: [Int: (id: Int, registration: Registration<RaceProbe>)] = [:]
    var decorators: [Int: Int] = [:]
    var hooks: [Int: Int] = [:]
    var variants: [Int: Set<Int>] = [:]
    var aliased: Set<Int> = []
    var factoryRuns: [Int: Int] = [:]
    var unexpected: [String] = []
}

private enum RaceOperation {
    case register(Int)
    case decorate(Int)
    case when(Int, context: Int)
    case implements(Int)
    case initCompleted(Int)
    case resolve(Int)
    case reset, removeAll
}

private struct RaceSchedule {
    static let keys = 4
    static let contexts: [Context] = [.preview, .debug, .argument("race-probe")]

    let container = Container()
    let record = Locked(RaceRecord())

    static func name(_ key: Int) -> Name { Name("k\(key)") }
    static func lifetime(_ key: Int) -> Lifetime { key.isMultiple(of: 2) ? .singleton : .transient }

    /// One round's operations for each worker; removeAll only in some rounds, once.
    static func operations(workers: Int, perWorker: Int, round: Int, using generator: inout SplitMix64) -> [[RaceOperation]] {
        var lists = (0..<workers).map { _ in
            (0..<perWorker).map { _ -> RaceOperation in
                let key = Int.random(in: 0..<keys, using: &generator)
                switch Int.random(in: 0..<20, using: &generator) {
                case 0..<4: return .register(key)
                case 4..<7: return .decorate(key)
                case 7..<9: return .when(key, context: Int.random(in: 0..<contexts.count, using: &generator))
                case 9: return .implements(key)
                case 10..<12: return .initCompleted(key)
                case 12..<19: return .resolve(key)
                default: return .reset
                }
            }
        }
        if round % 3 == 2 {
            let worker = Int.random(in: 0..<workers, using: &generator)
            lists[worker].insert(.removeAll, at: Int.random(in: 0...perWorker, using: &generator))
        }
        return lists
    }

    func run(_ operation: RaceOperation) {
        switch operation {
        case .register(let key): register(key)
        case .decorate(let key):
            record.withLock { $0.decorators[key, default: 0] += 1 }
            container.decorate(RaceProbe.self, name: Self.name(key)) { _, inner in inner.decorated }
        case .when(let key, let context):
            guard let (id, registration) = record.withLock({ $0.latest[key] }) else { return }
            registration.when(Self.contexts[context]) { _ in
                RaceProbe(key: key, registration: id, context: Self.contexts[context].description)
            }
            record.withLock { _ = $0.variants[id, default: []].insert(context) }
        case .implements(let key):
            guard let (id, registration) = record.withLock({ $0.latest[key] }) else { return }
            registration.implements((any RaceService).self, name: Self.name(key))
            record.withLock { _ = $0.aliased.insert(id) }
        case .initCompleted(let key):
            guard let (id, registration) = record.withLock({ $0.latest[key] }) else { return }
            registration.initCompleted { _, probe in probe.hookRuns.withLock { $0 += 1 } }
            record.withLock { $0.hooks[id, default: 0] += 1 }
        case .resolve(let key):
            do {
                let probe = try container.resolve(RaceProbe.self, name: Self.name(key))
                if probe.key != key { record.withLock { $0.unexpected.append("k\(key) answered with k\(probe.key)") } }
            } catch let error as ResolutionError where error.isNotRegistered {
                // Not registered yet, or removed: allowed while operations race.
            } catch {
                record.withLock { $0.unexpected.append("resolving k\(key): \(error)") }
            }
        case .reset: container.reset(.singleton)
        case .removeAll: container.removeAll()
        }
    }

    func register(_ key: Int) {
        let id = record.withLock { record in
            record.registrations += 1
            return record.registrations
        }
        let registration = container.register(RaceProbe.self, name: Self.name(key), lifetime: Self.lifetime(key)) { [record] _ in
            record.withLock { $0.factoryRuns[id, default: 0] += 1 }
            return RaceProbe(key: key, registration: id, context: nil)
        }
        record.withLock { record in
            if (record.latest[key]?.id ?? 0) < id { record.latest[key] = (id, registration) }
        }
    }

    /// What must hold of `key` whatever the order of the round's operations.
    /// (In no context: a debug build may have one active that a variant answers in.)
    func check(_ key: Int, roundHadRemoveAll: Bool, seed: UInt64, round: Int) throws {
        try Container.withContexts([]) { try checkWithoutContexts(key, roundHadRemoveAll: roundHadRemoveAll, seed: seed, round: round) }
    }

    private func checkWithoutContexts(_ key: Int, roundHadRemoveAll: Bool, seed: UInt64, round: Int) throws {
        let name = Self.name(key)
        let at = "seed \(seed), round \(round), k\(key)"
        let probe: RaceProbe
        do {
            container.reset(.singleton, of: RaceProbe.self)
            probe = try container.resolve(RaceProbe.self, name: name)
        } catch let error as ResolutionError where error.isNotRegistered {
            #expect(roundHadRemoveAll, "\(at): not registered, and no removeAll ran")
            return
        }
        let expected = record.withLock { $0 }
        let id = probe.registration
        #expect(probe.key == key && probe.context == nil, "\(at)")
        #expect(probe.layers == expected.decorators[key, default: 0], "\(at): decorator layers")
        #expect(probe.hookRuns.withLock { $0 } == expected.hooks[id, default: 0], "\(at): hooks run")

        // One instance per generation: resolves without a reset between share one factory run.
        let runs = expected.factoryRuns[id, default: 0]
        let again = try (0..<4).map { _ in try container.resolve(RaceProbe.self, name: name) }
        let ranSince = record.withLock { $0.factoryRuns[id, default: 0] } - runs
        if Self.lifetime(key) == .singleton {
            #expect(again.allSatisfy { $0 === probe } && ranSince == 0, "\(at): one singleton per generation")
            container.reset(.singleton, of: RaceProbe.self)
            let fresh = try container.resolve(RaceProbe.self, name: name)
            #expect(fresh !== probe && record.withLock { $0.factoryRuns[id, default: 0] } - runs == 1, "\(at): reset")
        } else {
            #expect(again.allSatisfy { $0 !== probe } && ranSince == 4, "\(at): a transient is built each time")
        }

        // Every variant added to the registration answers in its context, decorated.
        for context in expected.variants[id, default: []] {
            let variant = try Container.withContexts([Self.contexts[context]]) { try container.resolve(RaceProbe.self, name: name) }
            #expect(variant.context == Self.contexts[context].description && variant.registration == id, "\(at): variant")
            #expect(variant.layers == expected.decorators[key, default: 0], "\(at): variant's decorator layers")
        }
        if expected.aliased.contains(id) {
            let alias = try container.resolve((any RaceService).self, name: name)
            #expect(alias.probe.key == key, "\(at): alias")
        }
    }
}

extension ResolutionError {
    fileprivate var isNotRegistered: Bool { if case .notRegistered = kind { true } else { false } }
}

@Suite("Concurrent mutation")
struct ConcurrentMutationTests {
    /// Runs `rounds` rounds of `seed`'s schedule on one container, checking after each.
    private func race(seed: UInt64, rounds: Int, workers: Int = 6, perWorker: Int = 48) throws {
        var generator = SplitMix64(seed: seed)
        let schedule = RaceSchedule()
        for key in 0..<RaceSchedule.keys { schedule.register(key) }
        for round in 0..<rounds {
            let lists = RaceSchedule.operations(workers: workers, perWorker: perWorker, round: round, using: &generator)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for operation in lists[worker] { schedule.run(operation) }
            }
            let hadRemoveAll = lists.joined().contains { if case .removeAll = $0 { true } else { false } }
            for key in 0..<RaceSchedule.keys {
                try schedule.check(key, roundHadRemoveAll: hadRemoveAll, seed: seed, round: round)
            }
            let unexpected = schedule.record.withLock { record in
                defer { record.unexpected = [] }
                return record.unexpected
            }
            #expect(unexpected.isEmpty, "seed \(seed), round \(round): \(unexpected)")
            // Keys a removeAll left unregistered are registered again for the next round.
            for key in 0..<RaceSchedule.keys where !schedule.container.isRegistered(RaceProbe.self, name: RaceSchedule.name(key)) {
                schedule.register(key)
            }
        }
    }

    @Test("randomized interleavings of every mutation leave each registration as any order would", arguments: [1, 2, 3] as [UInt64])
    func randomizedInterleavings(seed: UInt64) throws {
        try race(seed: seed, rounds: 16)
    }

    @Test(
        "a seed and round count from the environment, for longer runs",
        .enabled(if: ProcessInfo.processInfo.environment["DICONTAINER_RACE_SEED"] != nil))
    func seedFromEnvironment() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = try #require(environment["DICONTAINER_RACE_SEED"].flatMap { UInt64($0) })
        let rounds = environment["DICONTAINER_RACE_ROUNDS"].flatMap { Int($0) } ?? 200
        try race(seed: seed, rounds: rounds)
    }

    // The known defect: a decorator added while a registration (or a variant) is being added can
    // miss it. Each round races the two on two threads over fresh keys.

    static let defectRounds = 3_000
    static let defectKeys = 8

    /// Runs `body(0)` and `body(1)` on two threads that start together (each spins a while for the
    /// other), so that their operations overlap.
    static func onTwoThreads(_ body: @Sendable (Int) -> Void) {
        let arrived = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            arrived.add(1, ordering: .acquiringAndReleasing)
            // Bounded: `concurrentPerform` may run both on one thread when no other is free.
            var spins = 0
            while arrived.load(ordering: .acquiring) < 2, spins < 100_000 { spins += 1 }
            body(thread)
        }
    }

    @Test("register racing decorate: every registration is decorated")
    func registerRacingDecorate() {
        var layers: [Int: Int] = [:]  // registrations by decorator layers
        for _ in 0..<Self.defectRounds {
            let container = Container()
            Self.onTwoThreads { thread in
                for key in 0..<Self.defectKeys {
                    if thread == 0 {
                        container.register(RaceProbe.self, name: RaceSchedule.name(key)) { _ in
                            RaceProbe(key: key, registration: 0, context: nil)
                        }
                    } else {
                        container.decorate(RaceProbe.self, name: RaceSchedule.name(key)) { _, inner in inner.decorated }
                    }
                }
            }
            for key in 0..<Self.defectKeys {
                layers[(try? container.resolve(RaceProbe.self, name: RaceSchedule.name(key)))?.layers ?? -1, default: 0] += 1
            }
        }
        #expect(layers == [1: Self.defectRounds * Self.defectKeys], "registrations by decorator layers")
    }

    @Test("Registration.when racing decorate: every variant is decorated")
    func whenRacingDecorate() throws {
        var layers: [Int: Int] = [:]  // variants by decorator layers (-1: not the variant)
        for _ in 0..<Self.defectRounds {
            let container = Container()
            let registrations = (0..<Self.defectKeys).map { key in
                container.register(RaceProbe.self, name: RaceSchedule.name(key)) { _ in
                    RaceProbe(key: key, registration: 0, context: nil)
                }
            }
            Self.onTwoThreads { thread in
                for key in 0..<Self.defectKeys {
                    if thread == 0 {
                        registrations[key].when(.preview) { _ in RaceProbe(key: key, registration: 0, context: "preview") }
                    } else {
                        container.decorate(RaceProbe.self, name: RaceSchedule.name(key)) { _, inner in inner.decorated }
                    }
                }
            }
            try Container.withContexts([.preview]) {
                for key in 0..<Self.defectKeys {
                    let variant = try container.resolve(RaceProbe.self, name: RaceSchedule.name(key))
                    layers[variant.context == "preview" ? variant.layers : -1, default: 0] += 1
                }
            }
        }
        #expect(layers == [1: Self.defectRounds * Self.defectKeys], "variants by decorator layers")
    }
}

/// Which endings wait for which: an ending runs after the endings of everything that depends on
/// it. An edge goes from a consumer to a dependency when the consumer reaches it through what the
/// factories were seen to ask for — through forwarded types, and services in between that keep
/// nothing (transient, `graph`), `Lazy` and `Provider` included — or when the consumer was on the
/// path (or made the handle) that built it. Without an edge, the newest runs first.
final class EndingGraph {
    /// For each ending, the endings it depends on (which wait for it).
    private var dependencies: [[Int]]
    /// For each ending, how many of its dependents have not ended yet.
    private var waitingFor: [Int]
    private var isEndedFlags: [Bool]
    /// The endings' indices, newest first.
    private let newestFirst: [Int]

    /// - Parameters:
    ///   - registered: The registrations to follow keys through, when the container no longer
    ///     answers with them (it shut down: its registrations now refuse); else the container's own.
    ///   - container: Where to look up the registrations of endings that keep no container (an
    ///     open scope's): the container closing the scope.
    init(_ endings: [Ending], registered: [Key: Entry] = [:], in container: Container? = nil) {
        var byKey: [Key: [Int]] = [:]
        for (index, ending) in endings.enumerated() { byKey[ending.entry.key, default: []].append(index) }
        var dependencies = [Set<Int>](repeating: [], count: endings.count)
        for (index, ending) in endings.enumerated() {
            for key in Self.reach(from: ending, registered: registered, in: ending.registry ?? container?.registry) {
                for dependency in byKey[key] ?? [] where endings[dependency].entry !== ending.entry {
                    dependencies[index].insert(dependency)
                }
            }
            for consumer in Set(ending.consumers) {
                for dependent in byKey[consumer] ?? [] where endings[dependent].entry !== ending.entry {
                    dependencies[dependent].insert(index)
                }
            }
        }
        self.dependencies = dependencies.map { Array($0) }
        var waitingFor = [Int](repeating: 0, count: endings.count)
        for list in self.dependencies { for dependency in list { waitingFor[dependency] += 1 } }
        self.waitingFor = waitingFor
        isEndedFlags = [Bool](repeating: false, count: endings.count)
        newestFirst = endings.indices.sorted { endings[$0].sequence > endings[$1].sequence }
    }

    /// The keys `ending`'s registration reaches through what its factory (and hooks) asked for,
    /// and what those asked for in turn.
    private static func reach(from ending: Ending, registered: [Key: Entry], in registry: Registry?) -> Set<Key> {
        var reached: Set<Key> = []
        var next = dependencies(of: ending.entry)
        while let key = next.popLast() {
            guard reached.insert(key).inserted, let entry = registered[key] ?? registry?.answering(key) else { continue }
            next += dependencies(of: entry)
        }
        return reached
    }

    private static func dependencies(of entry: Entry) -> [Key] {
        ((entry.knownDependencies ?? []) + (entry.hookDependencies ?? [])).map(\.key)
    }

    func isEnded(_ index: Int) -> Bool { isEndedFlags[index] }

    /// The endings to start now, newest first: those not started whose dependents all ended; when
    /// none is and none runs (a cycle among the rest), the newest not started.
    func ready(started: [Bool]) -> [Int] {
        let ready = newestFirst.filter { !started[$0] && waitingFor[$0] == 0 }
        guard ready.isEmpty, !started.indices.contains(where: { started[$0] && !isEndedFlags[$0] }) else { return ready }
        return newestFirst.first { !started[$0] }.map { [$0] } ?? []
    }

    /// Notes that `index` ended: its dependencies wait for one dependent fewer.
    func ended(_ index: Int) {
        isEndedFlags[index] = true
        for dependency in dependencies[index] { waitingFor[dependency] -= 1 }
    }
}

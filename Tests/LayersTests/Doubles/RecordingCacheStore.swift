import DIContainerLocking
import DIDemoInfrastructure
import DIDemoScheduling

/// A cache store over `InMemoryCacheStore` that records the scheduler label of every access,
/// and can be told to fail every write.
final class RecordingCacheStore: CacheStore {
    struct WriteFailure: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    let base = InMemoryCacheStore()
    private let failsWrites: Bool
    private let accessLabels = Locked<[String?]>([])

    init(failsWrites: Bool = false) {
        self.failsWrites = failsWrites
    }

    /// `CurrentScheduler.label` at each load, save and removal, in order.
    var labels: [String?] { accessLabels.withLock { $0 } }

    func load<Value: Decodable>(_ type: Value.Type, forKey key: String) -> CacheLookup<Value> {
        record()
        return base.load(type, forKey: key)
    }

    func save<Value: Encodable>(_ value: Value, forKey key: String) throws {
        record()
        if failsWrites { throw WriteFailure() }
        try base.save(value, forKey: key)
    }

    func removeValue(forKey key: String) throws {
        record()
        if failsWrites { throw WriteFailure() }
        try base.removeValue(forKey: key)
    }

    func apply(_ changes: CacheChanges) throws {
        record()
        if failsWrites { throw WriteFailure() }
        try base.apply(changes)
    }

    private func record() {
        let label = CurrentScheduler.label
        accessLabels.withLock { $0.append(label) }
    }
}

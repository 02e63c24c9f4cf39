import DIDemoInfrastructure
import DIDemoScheduling

/// A cache store whose blocking I/O runs on a scheduler (the background one in the app).
struct ScheduledCache: Sendable {
    let store: any CacheStore
    let scheduler: any Scheduler

    /// The value under `key`, or `nil` when nothing usable is stored (absent or corrupt).
    func load<Value: Decodable & Sendable>(_ type: Value.Type, forKey key: String) async throws -> Value? {
        let store = store
        return try await scheduler.run { store.load(type, forKey: key).value }
    }

    /// The values under `keys`, in order, leaving out keys with nothing usable stored.
    func loadEach<Value: Decodable & Sendable>(_ type: Value.Type, forKeys keys: [String]) async throws -> [Value] {
        guard !keys.isEmpty else { return [] }
        let store = store
        return try await scheduler.run { keys.compactMap { store.load(type, forKey: $0).value } }
    }

    /// Collects the changes `writes` makes (encoding on the scheduler) and applies them together,
    /// best effort: a failing write never fails the caller, whose network result stays valid
    /// without the cache.
    ///
    /// Inside a ``CacheRefresh`` over the same store, the changes are kept back and applied with
    /// the rest of the refresh when it succeeds.
    func write(_ writes: @escaping @Sendable (inout CacheWrites) -> Void) async {
        let store = store
        if let staging = CacheStaging.current, staging.isStaging(for: store) {
            if let changes = try? await scheduler.run({ CacheWrites.collect(writes) }) {
                staging.add(changes)
            }
            return
        }
        _ = try? await scheduler.run { try store.apply(CacheWrites.collect(writes)) }
    }
}

/// The cache changes of one repository call, made inside `ScheduledCache.write(_:)`.
struct CacheWrites {
    private(set) var changes = CacheChanges()

    /// The changes `writes` makes.
    static func collect(_ writes: (inout CacheWrites) -> Void) -> CacheChanges {
        var collected = CacheWrites()
        writes(&collected)
        return collected.changes
    }

    /// Saves `value` under `key`; a value that cannot be encoded is skipped (the entry keeps its
    /// old value or stays absent).
    mutating func save<Value: Encodable>(_ value: Value, forKey key: String) {
        try? changes.save(value, forKey: key)
    }

    /// Removes the entry under `key`.
    mutating func remove(forKey key: String) {
        changes.removeValue(forKey: key)
    }
}

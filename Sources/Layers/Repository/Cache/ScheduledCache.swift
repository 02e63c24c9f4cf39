import Infrastructure
import Scheduling

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

    /// Runs `writes` on the scheduler, best effort: a failing write is skipped and never fails
    /// the caller, whose network result stays valid without the cache.
    func write(_ writes: @escaping @Sendable (CacheWrites) -> Void) async {
        let store = store
        _ = try? await scheduler.run { writes(CacheWrites(store: store)) }
    }
}

/// Best-effort writes to a cache store, used inside `ScheduledCache.write(_:)`.
struct CacheWrites {
    let store: any CacheStore

    /// Saves `value` under `key`, ignoring a failure (the entry keeps its old value or stays absent).
    func save<Value: Encodable>(_ value: Value, forKey key: String) {
        try? store.save(value, forKey: key)
    }

    /// Removes the entry under `key`, ignoring a failure.
    func remove(forKey key: String) {
        try? store.removeValue(forKey: key)
    }
}

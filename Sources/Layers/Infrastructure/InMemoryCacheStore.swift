import DIContainerLocking
import Foundation

/// A ``CacheStore`` in memory, for tests and previews.
///
/// It stores the same JSON as ``FileCacheStore``, so a value that does not survive encoding, or
/// a load with the wrong type (`.miss(.corrupt(reason:))`), behaves exactly as with files.
/// Thread-safe.
///
/// ```swift
/// let cache = InMemoryCacheStore()
/// try cache.save([1, 2, 3], forKey: "ids")
/// cache.load([Int].self, forKey: "ids").value   // [1, 2, 3]
/// ```
public final class InMemoryCacheStore: CacheStore {
    private let entries = Locked<[String: Data]>([:])

    /// Creates an empty store.
    public init() {}

    /// The keys that hold an entry, sorted.
    public var keys: [String] {
        entries.withLock { $0.keys.sorted() }
    }

    /// Reads the value stored under `key`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - key: Any key.
    /// - Returns: `.hit(value)`, `.miss(.absent)`, or `.miss(.corrupt(reason:))` when the
    ///   stored JSON does not decode as `type`.
    public func load<Value: Decodable>(_ type: Value.Type, forKey key: String) -> CacheLookup<Value> {
        guard let data = entries.withLock({ $0[key] }) else { return .miss(.absent) }
        return CacheCoding.decode(type, from: data)
    }

    /// Stores `value` under `key` as JSON, replacing any earlier value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: Any key.
    /// - Throws: ``CacheError/encodingFailed(key:reason:)``.
    public func save<Value: Encodable>(_ value: Value, forKey key: String) throws {
        let data = try CacheCoding.encode(value, key: key)
        entries.withLock { $0[key] = data }
    }

    /// Stores raw bytes under `key`, for tests of corrupt entries.
    ///
    /// - Parameters:
    ///   - data: The bytes, normally JSON.
    ///   - key: Any key.
    public func saveRawData(_ data: Data, forKey key: String) {
        entries.withLock { $0[key] = data }
    }

    /// Removes the entry for `key`, if any.
    ///
    /// - Parameter key: Any key.
    public func removeValue(forKey key: String) throws {
        _ = entries.withLock { $0.removeValue(forKey: key) }
    }

    /// Applies every change together, under one lock: readers see all of them or none.
    ///
    /// - Parameter changes: The changes.
    public func apply(_ changes: CacheChanges) throws {
        entries.withLock { entries in
            for (key, change) in changes.entries {
                switch change {
                case .save(let data): entries[key] = data
                case .remove: entries.removeValue(forKey: key)
                }
            }
        }
    }
}

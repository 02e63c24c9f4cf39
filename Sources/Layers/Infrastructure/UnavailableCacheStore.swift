/// The cache of an app whose cache folder cannot be used: nothing is ever stored.
///
/// Caching is best effort, so an unusable folder (read-only, a file in the way, no space to
/// create it) should not stop the app: it runs without a cache — every lookup misses, every
/// write fails with ``reason`` — and says so once, for example with ``warning``.
///
/// ```swift
/// let cache: any CacheStore
/// do { cache = try FileCacheStore(directory: folder) }
/// catch let error as CacheError { cache = UnavailableCacheStore(reason: error) }
/// ```
public struct UnavailableCacheStore: CacheStore {
    /// Why there is no cache.
    public let reason: CacheError

    /// Creates a store that stores nothing.
    ///
    /// - Parameter reason: Why the real store could not be opened.
    public init(reason: CacheError) {
        self.reason = reason
    }

    /// One line for the user: `warning: running without a cache: cannot create cache folder …`.
    public var warning: String {
        "warning: running without a cache (\(reason)); every screen is loaded from the network"
    }

    /// Always `.miss(.absent)`.
    public func load<Value: Decodable>(_ type: Value.Type, forKey key: String) -> CacheLookup<Value> {
        .miss(.absent)
    }

    /// Throws ``reason``.
    public func save<Value: Encodable>(_ value: Value, forKey key: String) throws {
        throw reason
    }

    /// Does nothing: there is nothing to remove.
    public func removeValue(forKey key: String) throws {}

    /// Throws ``reason`` unless `changes` is empty.
    public func apply(_ changes: CacheChanges) throws {
        guard changes.isEmpty else { throw reason }
    }
}

/// A key–value store of `Codable` documents that outlives the process (or not, in tests).
///
/// Keys are arbitrary strings: implementations must map every key, including `../../etc/passwd`,
/// to storage inside their own space.
public protocol CacheStore: Sendable {
    /// Reads the value stored under `key`.
    ///
    /// - Returns: `.hit(value)`, or `.miss(reason)` when nothing is stored or the stored entry
    ///   cannot be decoded as `Value` (a corrupt entry is a miss, never a crash).
    func load<Value: Decodable>(_ type: Value.Type, forKey key: String) -> CacheLookup<Value>

    /// Stores `value` under `key`, replacing any earlier value atomically.
    ///
    /// - Throws: `CacheError` when the value cannot be encoded or written.
    func save<Value: Encodable>(_ value: Value, forKey key: String) throws

    /// Removes the value stored under `key`, if any.
    ///
    /// - Throws: `CacheError` when the entry exists but cannot be removed.
    func removeValue(forKey key: String) throws

    /// Applies every change of `changes` together: when it returns, all of them are stored;
    /// when it throws, none of them (readers never see a mixture of old and new entries written
    /// by one call, even when the process is killed part-way — a file store completes the
    /// interrupted changes when it next opens).
    ///
    /// - Throws: `CacheError` naming the first key that cannot be written or removed.
    func apply(_ changes: CacheChanges) throws
}

/// The outcome of `CacheStore.load(_:forKey:)`.
///
/// ```swift
/// switch cache.load([CourseDTO].self, forKey: "courses/recent") {
/// case .hit(let courses): show(courses)
/// case .miss(let reason): log("no cached courses: \(reason)")
/// }
/// ```
public enum CacheLookup<Value> {
    /// A stored value that decoded as the requested type.
    case hit(Value)
    /// Nothing usable is stored; the associated value says why.
    case miss(CacheMiss)

    /// The value on a hit, `nil` on a miss.
    public var value: Value? {
        if case .hit(let value) = self { value } else { nil }
    }
}

extension CacheLookup: Sendable where Value: Sendable {}

/// Why a cache lookup found nothing usable.
public enum CacheMiss: Sendable, Equatable, CustomStringConvertible {
    /// Nothing is stored under the key.
    case absent
    /// Something is stored but cannot be read as the requested type; `reason` says why.
    case corrupt(reason: String)

    /// "no entry" or "corrupt entry: <reason>".
    public var description: String {
        switch self {
        case .absent: "no entry"
        case .corrupt(let reason): "corrupt entry: \(reason)"
        }
    }
}

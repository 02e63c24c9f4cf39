import Foundation

/// Cache changes to apply together with ``CacheStore/apply(_:)``: all of them land, or none.
///
/// Values are encoded when they are added, so a value that cannot be encoded fails here, before
/// anything is written. A later change of a key replaces an earlier one.
///
/// ```swift
/// var changes = CacheChanges()
/// try changes.save(course, forKey: "course.101")
/// try changes.save([101, 102], forKey: "courses.recent")
/// changes.removeValue(forKey: "user-course.101")
/// try cache.apply(changes)
/// ```
public struct CacheChanges: Sendable {
    /// What happens to one key.
    enum Change: Sendable, Equatable {
        /// Store this JSON document.
        case save(Data)
        /// Remove the entry.
        case remove
    }

    private var changesByKey: [String: Change] = [:]
    private var order: [String] = []

    /// Creates an empty set of changes.
    public init() {}

    /// Whether there is nothing to apply.
    public var isEmpty: Bool { order.isEmpty }

    /// The changed keys, in the order they were first changed.
    public var keys: [String] { order }

    /// The changes in the order their keys were first changed.
    var entries: [(key: String, change: Change)] {
        order.compactMap { key in changesByKey[key].map { (key, $0) } }
    }

    /// Adds storing `value` under `key`, replacing an earlier change of `key`.
    ///
    /// - Parameters:
    ///   - value: The value, stored as JSON.
    ///   - key: Any key.
    /// - Throws: ``CacheError/encodingFailed(key:reason:)``; the changes are then unchanged.
    public mutating func save<Value: Encodable>(_ value: Value, forKey key: String) throws {
        set(.save(try CacheCoding.encode(value, key: key)), forKey: key)
    }

    /// Adds removing the entry under `key`, replacing an earlier change of `key`.
    ///
    /// - Parameter key: Any key.
    public mutating func removeValue(forKey key: String) {
        set(.remove, forKey: key)
    }

    /// Adds every change of `other`; where both change a key, `other`'s change wins.
    ///
    /// - Parameter other: Later changes.
    public mutating func merge(_ other: CacheChanges) {
        for (key, change) in other.entries {
            set(change, forKey: key)
        }
    }

    private mutating func set(_ change: Change, forKey key: String) {
        if changesByKey.updateValue(change, forKey: key) == nil {
            order.append(key)
        }
    }
}

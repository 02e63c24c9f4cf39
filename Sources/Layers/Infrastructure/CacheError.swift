/// Why a ``CacheStore`` could not create its folder, or save or remove an entry.
///
/// Reading never throws: an unreadable entry is a ``CacheMiss/corrupt(reason:)`` miss.
///
/// ```swift
/// do { try cache.save(courses, forKey: "courses/recent") }
/// catch let error as CacheError { print(error) }   // "cannot write cache entry "courses/recent": …"
/// ```
public enum CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cache folder does not exist and cannot be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The cache folder exists but cannot be written (for example, it is read-only).
    case unusableDirectory(path: String, reason: String)
    /// The value cannot be encoded as JSON.
    case encodingFailed(key: String, reason: String)
    /// The encoded value cannot be written.
    case writeFailed(key: String, reason: String)
    /// The entry exists but cannot be removed.
    case removeFailed(key: String, reason: String)

    /// What failed, naming the folder or the key.
    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create cache folder \"\(path)\": \(reason)"
        case .unusableDirectory(let path, let reason):
            "cannot use cache folder \"\(path)\": \(reason)"
        case .encodingFailed(let key, let reason):
            "cannot encode cache entry \"\(key)\": \(reason)"
        case .writeFailed(let key, let reason):
            "cannot write cache entry \"\(key)\": \(reason)"
        case .removeFailed(let key, let reason):
            "cannot remove cache entry \"\(key)\": \(reason)"
        }
    }
}

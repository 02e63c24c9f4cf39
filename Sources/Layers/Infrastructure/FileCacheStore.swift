import Foundation

/// A ``CacheStore`` that keeps one JSON file per key in a folder.
///
/// - **Atomic:** a save writes a temporary file in the same folder and renames it over the
///   entry, so readers see the old or the new document, never a partial one, and a crash
///   mid-write leaves at most a stray temporary file (named `.tmp-…`, never read as an entry).
/// - **Contained:** keys are encoded into safe file names (every byte outside `[A-Za-z0-9_-]`
///   percent-encoded, long names shortened with a hash), so `../../etc/passwd`, `/abs` or the
///   empty key are ordinary keys inside the folder.
/// - **Forgiving:** an entry that cannot be read or decoded is a `.miss(.corrupt(reason:))`.
/// - **Thread-safe:** every operation is a single file-system call on an immutable folder URL;
///   concurrent saves of one key leave one of the values, whole.
///
/// ```swift
/// let cache = try FileCacheStore(directory: cachesFolder.appendingPathComponent("courses"))
/// try cache.save(courses, forKey: "courses/recent")
/// let cached = cache.load([CourseDTO].self, forKey: "courses/recent").value ?? []
/// ```
public final class FileCacheStore: CacheStore {
    /// The folder holding the entries.
    public let directory: URL

    /// Opens the cache in `directory`, creating the folder (and its parents) if missing.
    ///
    /// - Parameter directory: The cache folder.
    /// - Throws: ``CacheError/cannotCreateDirectory(path:reason:)`` when the folder cannot be
    ///   created, or the path exists and is not a folder.
    public init(directory: URL) throws {
        self.directory = directory.standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: self.directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CacheError.cannotCreateDirectory(path: self.directory.path, reason: "a file is in the way")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        } catch {
            throw CacheError.cannotCreateDirectory(path: self.directory.path, reason: error.localizedDescription)
        }
    }

    /// The file that holds the entry for `key` (it may not exist).
    ///
    /// - Parameter key: Any key.
    /// - Returns: A file URL directly inside ``directory``.
    public func fileURL(forKey key: String) -> URL {
        directory.appendingPathComponent(CacheFileName.make(forKey: key), isDirectory: false)
    }

    /// Reads the value stored under `key`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - key: Any key.
    /// - Returns: `.hit(value)`, `.miss(.absent)` when there is no entry, or
    ///   `.miss(.corrupt(reason:))` when the entry cannot be read or decoded as `type`.
    public func load<Value: Decodable>(_ type: Value.Type, forKey key: String) -> CacheLookup<Value> {
        let file = fileURL(forKey: key)
        guard FileManager.default.fileExists(atPath: file.path) else {
            return .miss(.absent)
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            if !FileManager.default.fileExists(atPath: file.path) { return .miss(.absent) }
            return .miss(.corrupt(reason: "unreadable file: \(error.localizedDescription)"))
        }
        return CacheCoding.decode(type, from: data)
    }

    /// Stores `value` under `key`, atomically replacing any earlier value.
    ///
    /// - Parameters:
    ///   - value: The value, stored as JSON.
    ///   - key: Any key.
    /// - Throws: ``CacheError/encodingFailed(key:reason:)`` or
    ///   ``CacheError/writeFailed(key:reason:)``; a failed save leaves the earlier value intact.
    public func save<Value: Encodable>(_ value: Value, forKey key: String) throws {
        let data = try CacheCoding.encode(value, key: key)
        let file = fileURL(forKey: key)
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)", isDirectory: false)
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CacheError.writeFailed(key: key, reason: error.localizedDescription)
        }
        if rename(temporary.path, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CacheError.writeFailed(key: key, reason: reason)
        }
    }

    /// Removes the entry for `key`; nothing happens when there is none.
    ///
    /// - Parameter key: Any key.
    /// - Throws: ``CacheError/removeFailed(key:reason:)`` when the entry exists but cannot be
    ///   removed.
    public func removeValue(forKey key: String) throws {
        let file = fileURL(forKey: key)
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            guard FileManager.default.fileExists(atPath: file.path) else { return }
            throw CacheError.removeFailed(key: key, reason: error.localizedDescription)
        }
    }
}

import Foundation

/// A ``CacheStore`` that keeps one JSON file per key in a folder.
///
/// - **Atomic:** a save writes a temporary file in the same folder and renames it over the
///   entry, so readers see the old or the new document, never a partial one.
///   ``apply(_:)`` makes several changes land together through a commit journal: a process
///   killed part-way leaves the journal, and the next write (or the next store opened on the
///   folder) completes it. Temporary files of killed writes (`.tmp-…`) are deleted then too.
/// - **Shared safely:** writes hold an exclusive lock on the folder's `.lock` file, so store
///   instances and processes sharing the folder never interleave their commits.
/// - **Contained:** keys are encoded into safe file names (every byte outside `[a-z0-9_-]`
///   percent-encoded — capitals too, so names stay distinct on case-insensitive file systems —
///   long names shortened with a hash), so `../../etc/passwd`, `/abs` or the empty key are
///   ordinary keys inside the folder.
/// - **Forgiving:** an entry that cannot be read or decoded is a `.miss(.corrupt(reason:))`.
///
/// ```swift
/// let cache = try FileCacheStore(directory: cachesFolder.appendingPathComponent("courses"))
/// try cache.save(courses, forKey: "courses/recent")
/// let cached = cache.load([CourseDTO].self, forKey: "courses/recent").value ?? []
/// ```
public final class FileCacheStore: CacheStore {
    /// The folder holding the entries.
    public let directory: URL

    /// Opens the cache in `directory`, creating the folder (and its parents) if missing, and
    /// completes or cleans up what writers killed part-way left behind.
    ///
    /// - Parameter directory: The cache folder.
    /// - Throws: ``CacheError/cannotCreateDirectory(path:reason:)`` when the folder cannot be
    ///   created, or the path exists and is not a folder;
    ///   ``CacheError/unusableDirectory(path:reason:)`` when it cannot be written.
    public init(directory: URL) throws {
        self.directory = directory.standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: self.directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CacheError.cannotCreateDirectory(path: self.directory.path, reason: "a file is in the way")
            }
        } else {
            do {
                try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
            } catch {
                throw CacheError.cannotCreateDirectory(path: self.directory.path, reason: error.localizedDescription)
            }
        }
        guard FileManager.default.isWritableFile(atPath: self.directory.path) else {
            throw CacheError.unusableDirectory(path: self.directory.path, reason: "the folder is not writable")
        }
        try CacheFolderLock.withLock(in: self.directory) {
            CacheJournal.replayAbandoned(in: self.directory)
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
        // A folder or an empty file is never read: neither holds a document (and reading them
        // leaks in this toolchain's Foundation).
        let properties = try? file.resourceValues(forKeys: [.isDirectoryKey, .fileSizeKey])
        if properties?.isDirectory == true {
            return .miss(.corrupt(reason: "unreadable file: a folder is in the way of the entry"))
        }
        if properties?.fileSize == 0 {
            return .miss(.corrupt(reason: "the entry is an empty file"))
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
        var changes = CacheChanges()
        try changes.save(value, forKey: key)
        try apply(changes)
    }

    /// Removes the entry for `key`; nothing happens when there is none.
    ///
    /// - Parameter key: Any key.
    /// - Throws: ``CacheError/removeFailed(key:reason:)`` when the entry exists but cannot be
    ///   removed.
    public func removeValue(forKey key: String) throws {
        var changes = CacheChanges()
        changes.removeValue(forKey: key)
        try apply(changes)
    }

    /// Applies every change together (see ``CacheStore/apply(_:)``).
    ///
    /// The new documents are written to temporary files first; a failure there (a full disk, a
    /// folder in the way of an entry) leaves every entry as it was. Then a commit journal makes
    /// the renames and removals complete even if the process dies part-way.
    ///
    /// - Parameter changes: The changes.
    /// - Throws: ``CacheError/writeFailed(key:reason:)``, ``CacheError/removeFailed(key:reason:)``
    ///   or ``CacheError/unusableDirectory(path:reason:)``.
    public func apply(_ changes: CacheChanges) throws {
        guard !changes.isEmpty else { return }
        try CacheFolderLock.withLock(in: directory) {
            CacheJournal.replayAbandoned(in: directory)
            let steps = try prepare(changes)
            if steps.count == 1, let step = steps.first {
                try CacheJournal.perform(step, in: directory)
                return
            }
            let journal: URL
            do {
                journal = try CacheJournal(steps: steps).write(to: directory)
            } catch {
                discardTemporaries(of: steps)
                throw CacheError.writeFailed(key: steps[0].key, reason: "cannot write the commit journal: \(error.localizedDescription)")
            }
            var firstError: (any Error)?
            for step in steps {
                do {
                    try CacheJournal.perform(step, in: directory)
                } catch {
                    firstError = firstError ?? error
                }
            }
            try? FileManager.default.removeItem(at: journal)
            if let firstError { throw firstError }
        }
    }

    /// Writes the new documents to temporary files; on any failure, deletes them and throws.
    private func prepare(_ changes: CacheChanges) throws -> [CacheJournal.Step] {
        var steps: [CacheJournal.Step] = []
        do {
            for (key, change) in changes.entries {
                let entry = CacheFileName.make(forKey: key)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: directory.appendingPathComponent(entry).path, isDirectory: &isDirectory),
                    isDirectory.boolValue
                {
                    let reason = "a folder is in the way of the entry"
                    throw change == .remove
                        ? CacheError.removeFailed(key: key, reason: reason) : CacheError.writeFailed(key: key, reason: reason)
                }
                switch change {
                case .save(let data):
                    let temporary = CacheJournal.temporaryName()
                    do {
                        try data.write(to: directory.appendingPathComponent(temporary, isDirectory: false))
                    } catch {
                        try? FileManager.default.removeItem(at: directory.appendingPathComponent(temporary, isDirectory: false))
                        throw CacheError.writeFailed(key: key, reason: error.localizedDescription)
                    }
                    steps.append(CacheJournal.Step(key: key, entry: entry, temporary: temporary))
                case .remove:
                    steps.append(CacheJournal.Step(key: key, entry: entry, temporary: nil))
                }
            }
        } catch {
            discardTemporaries(of: steps)
            throw error
        }
        return steps
    }

    private func discardTemporaries(of steps: [CacheJournal.Step]) {
        for temporary in steps.compactMap(\.temporary) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(temporary, isDirectory: false))
        }
    }
}

import Foundation

/// The commit journal of a ``FileCacheStore`` applying several changes at once.
///
/// A commit writes every new entry to a temporary file, then this journal (named `.commit-…`,
/// itself written to a temporary file and renamed), then renames the temporary files over the
/// entries and removes the entries to remove, then deletes the journal. Once the journal exists
/// the commit is decided: a writer killed part-way leaves it behind, and the next writer to take
/// the folder lock replays it (``replayAbandoned(in:)``). Temporary files no journal names are
/// left-overs of killed writes and are deleted.
struct CacheJournal: Codable {
    /// One change: move `temporary` over `entry`, or remove `entry` when `temporary` is `nil`.
    struct Step: Codable {
        var key: String
        var entry: String
        var temporary: String?
    }

    static let prefix = ".commit-"
    static let temporaryPrefix = ".tmp-"

    var steps: [Step]

    /// A new temporary file name.
    static func temporaryName() -> String {
        "\(temporaryPrefix)\(UUID().uuidString)"
    }

    /// Writes the journal into `directory` and returns its URL.
    func write(to directory: URL) throws -> URL {
        let data = try JSONEncoder().encode(self)
        let temporary = directory.appendingPathComponent(Self.temporaryName(), isDirectory: false)
        let journal = directory.appendingPathComponent("\(Self.prefix)\(UUID().uuidString)", isDirectory: false)
        do {
            try data.write(to: temporary)
            try FileManager.default.moveItem(at: temporary, to: journal)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return journal
    }

    /// Performs `step` in `directory`.
    ///
    /// - Throws: ``CacheError/writeFailed(key:reason:)`` or ``CacheError/removeFailed(key:reason:)``.
    static func perform(_ step: Step, in directory: URL) throws {
        let entry = directory.appendingPathComponent(step.entry, isDirectory: false).path
        if let temporary = step.temporary {
            let source = directory.appendingPathComponent(temporary, isDirectory: false).path
            guard rename(source, entry) == 0 else {
                let reason = CacheFolderLock.lastError()
                try? FileManager.default.removeItem(atPath: source)
                throw CacheError.writeFailed(key: step.key, reason: reason)
            }
        } else if unlink(entry) != 0, errno != ENOENT {
            throw CacheError.removeFailed(key: step.key, reason: CacheFolderLock.lastError())
        }
    }

    /// Completes the commits of writers that died part-way and deletes their left-over
    /// temporary files. Call it only while holding the folder lock.
    static func replayAbandoned(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let journal = directory.appendingPathComponent(name, isDirectory: false)
            if let data = try? Data(contentsOf: journal), let decoded = try? JSONDecoder().decode(Self.self, from: data) {
                for step in decoded.steps {
                    // A step already done has no temporary file left; redoing a removal is harmless.
                    if let temporary = step.temporary,
                        !FileManager.default.fileExists(atPath: directory.appendingPathComponent(temporary).path)
                    {
                        continue
                    }
                    try? perform(step, in: directory)
                }
            }
            try? FileManager.default.removeItem(at: journal)
        }
        for name in names where name.hasPrefix(temporaryPrefix) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name, isDirectory: false))
        }
    }
}

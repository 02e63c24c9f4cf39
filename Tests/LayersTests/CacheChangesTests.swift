import DIContainerTestSupport
import DIDemoInfrastructure
import Foundation
import Testing

/// `CacheStore.apply(_:)`: several changes land together, or none of them; what killed writers
/// leave behind is completed or cleaned up; file names stay distinct on any file system.
@Suite("Cache changes applied together")
struct CacheChangesTests {
    struct Note: Codable, Equatable, Sendable {
        var text: String
    }

    struct Unencodable: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "never encodes"))
        }
    }

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != ".lock" }.sorted()
    }

    @Test(
        "saves and removals land together, in both stores; a later change of a key wins",
        arguments: [true, false])
    func applyTogether(inFiles: Bool) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store: any CacheStore = inFiles ? try FileCacheStore(directory: folder.url) : InMemoryCacheStore()
        try store.save(Note(text: "old"), forKey: "gone")

        var changes = CacheChanges()
        try changes.save(Note(text: "first"), forKey: "a")
        try changes.save(Note(text: "b"), forKey: "b")
        changes.removeValue(forKey: "gone")
        try changes.save(Note(text: "a"), forKey: "a")
        #expect(changes.keys == ["a", "b", "gone"])
        try store.apply(changes)

        #expect(store.load(Note.self, forKey: "a").value == Note(text: "a"))
        #expect(store.load(Note.self, forKey: "b").value == Note(text: "b"))
        #expect(store.load(Note.self, forKey: "gone").value == nil)
        if inFiles {
            #expect(try files(in: folder.url) == ["a.json", "b.json"])
        }
    }

    @Test("a value that cannot be encoded fails before anything is written")
    func encodingFailsEarly() throws {
        var changes = CacheChanges()
        try changes.save(Note(text: "fine"), forKey: "fine")
        #expect(throws: CacheError.self) { try changes.save(Unencodable(), forKey: "bad") }
        #expect(changes.keys == ["fine"])
    }

    @Test("when one entry cannot be written, none of the changes land and no temporary file is left")
    func allOrNothingOnDisk() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try FileCacheStore(directory: folder.url)
        try store.save(Note(text: "old"), forKey: "a")
        try FileManager.default.createDirectory(at: store.fileURL(forKey: "blocked"), withIntermediateDirectories: true)

        var changes = CacheChanges()
        try changes.save(Note(text: "new"), forKey: "a")
        try changes.save(Note(text: "new"), forKey: "blocked")
        try changes.save(Note(text: "new"), forKey: "c")
        let error = try #require(throws: CacheError.self) { try store.apply(changes) }

        #expect(error == .writeFailed(key: "blocked", reason: "a folder is in the way of the entry"))
        #expect(store.load(Note.self, forKey: "a").value == Note(text: "old"))
        #expect(store.load(Note.self, forKey: "c").value == nil)
        #expect(try files(in: folder.url) == ["a.json", "blocked.json"])
    }

    @Test("opening a folder completes a commit its writer was killed in, and deletes stale temporary files")
    func recoversWhatKilledWritersLeft() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileCacheStore(directory: folder.url).save(Note(text: "old"), forKey: "a")
        try FileCacheStore(directory: folder.url).save(Note(text: "removed"), forKey: "gone")
        // What a writer killed after writing its journal leaves: the temporary files of its new
        // entries and the journal (the on-disk format of `FileCacheStore`), plus the temporary
        // file of a single save killed before its rename.
        try folder.write(#"{"text":"new a"}"#, to: ".tmp-A")
        try folder.write(#"{"text":"new b"}"#, to: ".tmp-B")
        try folder.write(
            #"{"steps":[{"key":"a","entry":"a.json","temporary":".tmp-A"},"#
                + #"{"key":"b","entry":"b.json","temporary":".tmp-B"},{"key":"gone","entry":"gone.json"}]}"#,
            to: ".commit-1")
        try folder.write(#"{"text":"half"#, to: ".tmp-stale")

        let store = try FileCacheStore(directory: folder.url)

        #expect(store.load(Note.self, forKey: "a").value == Note(text: "new a"))
        #expect(store.load(Note.self, forKey: "b").value == Note(text: "new b"))
        #expect(store.load(Note.self, forKey: "gone").value == nil)
        #expect(try files(in: folder.url) == ["a.json", "b.json"])
    }

    @Test("concurrent multi-key commits from two store instances never interleave")
    func concurrentCommits() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let stores = [try FileCacheStore(directory: folder.url), try FileCacheStore(directory: folder.url)]
        let keys = (0..<8).map { "key\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, store) in stores.enumerated() {
                group.addTask {
                    for round in 0..<20 {
                        var changes = CacheChanges()
                        for key in keys { try changes.save(Note(text: "\(writer)-\(round)"), forKey: key) }
                        try store.apply(changes)
                    }
                }
            }
            try await group.waitForAll()
        }
        let texts = Set(keys.compactMap { stores[0].load(Note.self, forKey: $0).value?.text })
        #expect(texts.count == 1)
        #expect(try files(in: folder.url) == keys.map { "\($0).json" })
    }

    static let caseVariants = [("Key", "key"), ("COURSE.1", "course.1"), ("aBc", "AbC"), ("Ü", "ü")]

    @Test("keys that differ only in case get file names that differ in more than case", arguments: caseVariants)
    func caseInsensitiveFileSystems(first: String, second: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try FileCacheStore(directory: folder.url)
        let names = [first, second].map { store.fileURL(forKey: $0).lastPathComponent }
        #expect(names[0].lowercased() != names[1].lowercased())

        try store.save(Note(text: first), forKey: first)
        try store.save(Note(text: second), forKey: second)
        #expect(store.load(Note.self, forKey: first).value == Note(text: first))
        #expect(store.load(Note.self, forKey: second).value == Note(text: second))
    }
}

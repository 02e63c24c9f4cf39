import DIContainerTestSupport
import DIDemoInfrastructure
import Foundation
import Testing

@Suite("FileCacheStore")
struct FileCacheStoreTests {
    struct Page: Codable, Equatable, Sendable {
        var letter: String
        var lines: [String]

        init(letter: String) {
            self.letter = letter
            self.lines = Array(repeating: String(repeating: letter, count: 64), count: 2_000)
        }

        var isWhole: Bool {
            lines.count == 2_000 && lines.allSatisfy { $0 == String(repeating: letter, count: 64) }
        }
    }

    /// The folder's files, without the store's lock file.
    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != ".lock" }.sorted()
    }

    @Test("creates a missing folder, including parents")
    func createsFolder() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let folder = root.url.appendingPathComponent("a/b/cache")
        let store = try FileCacheStore(directory: folder)
        try store.save("value", forKey: "key")
        #expect(try files(in: folder) == ["key.json"])
    }

    @Test("a file in the way of the folder is a clear error")
    func fileInTheWay() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try root.write("x", to: "cache")
        let error = try #require(throws: CacheError.self) {
            try FileCacheStore(directory: root.url.appendingPathComponent("cache"))
        }
        #expect(error.description.hasSuffix(#"/cache": a file is in the way"#))
    }

    @Test("entries persist across store instances")
    func persistence() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileCacheStore(directory: folder.url).save(["a", "b"], forKey: "courses/recent")
        let reopened = try FileCacheStore(directory: folder.url)
        #expect(reopened.load([String].self, forKey: "courses/recent").value == ["a", "b"])
    }

    static let hostileKeys = [
        "../../etc/passwd", "/abs/path", "", ".", "..", "a/b", "a%2Fb", "%", "~", "日本語/../キー", "emoji 🚀",
        "CON", "key.json", ".tmp-1", "UPPER", "upper", String(repeating: "x", count: 1_000),
        String(repeating: "x", count: 999) + "y", String(repeating: "é", count: 300),
    ]

    @Test("any key maps to its own file directly inside the folder")
    func keysStayInside() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let folder = root.url.appendingPathComponent("cache")
        let store = try FileCacheStore(directory: folder)
        for (index, key) in Self.hostileKeys.enumerated() {
            try store.save(index, forKey: key)
            let file = store.fileURL(forKey: key)
            #expect(file.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
            #expect(file.lastPathComponent.utf8.count <= 255)
        }
        for (index, key) in Self.hostileKeys.enumerated() {
            #expect(store.load(Int.self, forKey: key).value == index, "key \(key)")
        }
        #expect(try files(in: root.url) == ["cache"])
        #expect(try files(in: folder).count == Self.hostileKeys.count)
        #expect(Set(Self.hostileKeys.map { store.fileURL(forKey: $0) }).count == Self.hostileKeys.count)
    }

    @Test(
        "a corrupt or truncated entry is a corrupt miss, and saving repairs it",
        arguments: ["{\"letter\": \"a\", \"lines\": [", "", "\u{FF}\u{FE}", "[]"])
    func corruptEntry(contents: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try FileCacheStore(directory: folder.url)
        try Data(contents.utf8).write(to: store.fileURL(forKey: "page"))
        guard case .miss(.corrupt(let reason)) = store.load(Page.self, forKey: "page") else {
            Issue.record("expected a corrupt miss")
            return
        }
        #expect(!reason.isEmpty)
        try store.save(Page(letter: "a"), forKey: "page")
        #expect(store.load(Page.self, forKey: "page").value?.isWhole == true)
    }

    @Test("a folder where the entry should be is a corrupt miss, and saving over it fails cleanly")
    func unreadableEntry() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try FileCacheStore(directory: folder.url)
        try FileManager.default.createDirectory(at: store.fileURL(forKey: "page"), withIntermediateDirectories: true)
        guard case .miss(.corrupt(let reason)) = store.load(Page.self, forKey: "page") else {
            Issue.record("expected a corrupt miss")
            return
        }
        #expect(reason.hasPrefix("unreadable file"))
        let error = try #require(throws: CacheError.self) { try store.save(Page(letter: "a"), forKey: "page") }
        #expect(error.description.hasPrefix(#"cannot write cache entry "page": "#))
        #expect(try files(in: folder.url) == ["page.json"])
    }

    @Test("replacing is atomic: concurrent readers only ever see a whole old or new value, no temp files remain")
    func atomicReplace() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try FileCacheStore(directory: folder.url)
        try store.save(Page(letter: "a"), forKey: "page")
        let results = try await withThrowingTaskGroup(of: [Bool].self) { group in
            for writer in 0..<2 {
                group.addTask {
                    for round in 0..<15 {
                        try store.save(Page(letter: (round + writer) % 2 == 0 ? "b" : "a"), forKey: "page")
                    }
                    return []
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    (0..<30).map { _ in store.load(Page.self, forKey: "page").value?.isWhole == true }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 60)
        #expect(results.allSatisfy { $0 })
        #expect(try files(in: folder.url) == ["page.json"])
    }
}

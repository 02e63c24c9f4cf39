import DIContainerTestSupport
import DIDemoInfrastructure
import Foundation
import Testing

/// Behaviour both cache stores share, run against each.
@Suite("Cache stores (file and in-memory)")
struct CacheStoreTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case file, memory
        var testDescription: String { rawValue }
    }

    struct Entry: Codable, Equatable, Sendable {
        var id: Int
        var title: String
        var savedAt: Date
    }

    struct Other: Codable, Equatable, Sendable {
        var name: String
    }

    /// Runs `body` with a fresh store of `kind`, removing its folder afterwards.
    private func withStore(_ kind: Kind, _ body: (any CacheStore) throws -> Void) throws {
        switch kind {
        case .memory:
            try body(InMemoryCacheStore())
        case .file:
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            try body(try FileCacheStore(directory: folder.url))
        }
    }

    private let entry = Entry(id: 7, title: "Swift Testing", savedAt: Date(timeIntervalSince1970: 1_700_000_000))

    @Test("a saved value loads back; a missing key is an absent miss", arguments: Kind.allCases)
    func roundTrip(kind: Kind) throws {
        try withStore(kind) { store in
            #expect(store.load(Entry.self, forKey: "entry").value == nil)
            guard case .miss(.absent) = store.load(Entry.self, forKey: "entry") else {
                Issue.record("expected an absent miss")
                return
            }
            try store.save(entry, forKey: "entry")
            #expect(store.load(Entry.self, forKey: "entry").value == entry)
            try store.save([entry, entry], forKey: "entry")
            #expect(store.load([Entry].self, forKey: "entry").value == [entry, entry])
        }
    }

    @Test("removing deletes the entry; removing a missing key does nothing", arguments: Kind.allCases)
    func remove(kind: Kind) throws {
        try withStore(kind) { store in
            try store.save(entry, forKey: "entry")
            try store.removeValue(forKey: "entry")
            #expect(store.load(Entry.self, forKey: "entry").value == nil)
            try store.removeValue(forKey: "entry")
        }
    }

    @Test("an entry read as the wrong type is a corrupt miss naming the problem", arguments: Kind.allCases)
    func wrongType(kind: Kind) throws {
        try withStore(kind) { store in
            try store.save(entry, forKey: "entry")
            guard case .miss(.corrupt(let reason)) = store.load(Other.self, forKey: "entry") else {
                Issue.record("expected a corrupt miss")
                return
            }
            #expect(reason == #"missing key "name" at the top level"#)
        }
    }

    @Test("a value that cannot be encoded throws and keeps the earlier value", arguments: Kind.allCases)
    func encodingFailure(kind: Kind) throws {
        try withStore(kind) { store in
            try store.save([1.5], forKey: "numbers")
            let error = try #require(throws: CacheError.self) { try store.save([Double.infinity], forKey: "numbers") }
            guard case .encodingFailed(let key, _) = error else {
                Issue.record("expected an encoding failure, got \(error)")
                return
            }
            #expect(key == "numbers")
            #expect(error.description.hasPrefix(#"cannot encode cache entry "numbers": "#))
            #expect(store.load([Double].self, forKey: "numbers").value == [1.5])
        }
    }

    @Test("concurrent saves and loads of many keys stay consistent", arguments: Kind.allCases)
    func concurrentAccess(kind: Kind) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store: any CacheStore = kind == .file ? try FileCacheStore(directory: folder.url) : InMemoryCacheStore()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try store.save(Other(name: "value \(index)"), forKey: "key \(index % 8)")
                    _ = store.load(Other.self, forKey: "key \(index % 8)")
                }
            }
            try await group.waitForAll()
        }
        for key in 0..<8 {
            let name = try #require(store.load(Other.self, forKey: "key \(key)").value).name
            #expect(name.hasPrefix("value ") && Int(name.dropFirst(6)).map { $0 % 8 == key } == true)
        }
    }

    @Test("a corrupt raw entry in memory is a miss, never a crash")
    func corruptInMemory() {
        let store = InMemoryCacheStore()
        store.saveRawData(Data("{not json".utf8), forKey: "entry")
        guard case .miss(.corrupt(let reason)) = store.load(Entry.self, forKey: "entry") else {
            Issue.record("expected a corrupt miss")
            return
        }
        #expect(reason.hasPrefix("invalid data at the top level"))
        #expect(store.keys == ["entry"])
    }
}

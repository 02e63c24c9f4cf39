import DIContainerLocking
import DIDemoInfrastructure

/// A `CacheStore` that prints its reads and writes, prefixed with the scheduler they ran on
/// (`[background] cache read courses.recent: hit`), then hands them to the app's store.
///
/// The repositories run their cache work on the `.background` scheduler; this makes that
/// visible, and says which service asked for the store (the container's `r.requester`:
/// `… · for CourseRepository (name: local)`). Per-course entries (`course.101`,
/// `user-course.101`, …) are many, so only the first of each kind and operation is printed. The
/// demo registers this store over the app's, built anew for each consumer (see `DemoRunner`).
final class ConsoleCacheStore: CacheStore {
    /// The app's store, which does the work.
    private let store: any CacheStore
    /// The service that asked for this store, if any.
    private let consumer: String?
    /// The operations on per-course entries printed so far (`write course.*`), shared by the
    /// stores of every consumer.
    private let printedKinds: Locked<Set<String>>

    init(store: any CacheStore, consumer: String?, printedKinds: Locked<Set<String>>) {
        (self.store, self.consumer, self.printedKinds) = (store, consumer, printedKinds)
    }

    func load<Value: Decodable>(_ type: Value.Type, forKey key: String) -> CacheLookup<Value> {
        let lookup = store.load(type, forKey: key)
        switch lookup {
        case .hit: report("read", key, outcome: ": hit")
        case .miss(let reason): report("read", key, outcome: ": miss (\(reason))")
        }
        return lookup
    }

    func save<Value: Encodable>(_ value: Value, forKey key: String) throws {
        report("write", key)
        try store.save(value, forKey: key)
    }

    func removeValue(forKey key: String) throws {
        report("remove", key)
        try store.removeValue(forKey: key)
    }

    func apply(_ changes: CacheChanges) throws {
        for key in changes.keys {
            report("write", key)
        }
        try store.apply(changes)
    }

    /// Prints `[scheduler] cache <operation> <key><outcome>`, once per kind for per-course keys.
    private func report(_ operation: String, _ key: String, outcome: String = "") {
        var note = ""
        if let dot = key.lastIndex(of: "."), key[key.index(after: dot)...].allSatisfy(\.isNumber) {
            let kind = "\(operation) \(key[..<dot]).*"
            guard printedKinds.withLock({ $0.insert(kind).inserted }) else { return }
            note = " (further \(key[..<dot]).* \(operation)s not shown)"
        }
        let asker = consumer.map { " · for \($0)" } ?? ""
        Console.out("\(Console.schedulerPrefix) cache \(operation) \(key)\(outcome)\(note)\(asker)")
    }
}

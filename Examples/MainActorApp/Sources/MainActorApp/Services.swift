import Synchronization

// Every type of this module is main-actor isolated unless it says `nonisolated`: that is what
// `.defaultIsolation(MainActor.self)` means. Services used from any thread say so.

/// The app's storage, opened asynchronously once: an `async` singleton.
nonisolated final class Database: Sendable {
    let path: String

    private init(path: String) { self.path = path }

    static func open(path: String) async throws -> Database {
        await Task.yield()
        return Database(path: path)
    }
}

/// The courses the app offers.
nonisolated public protocol CourseCatalog: Sendable {
    func titles() -> [String]
}

/// The catalogue from the server.
nonisolated struct RemoteCatalog: CourseCatalog {
    func titles() -> [String] { ["Swift Concurrency", "Testing", "Macros"] }
}

/// The catalogue cached on the device.
nonisolated struct OfflineCatalog: CourseCatalog {
    func titles() -> [String] { ["Swift Concurrency"] }
}

/// A decorator: counts what the app asks of the catalogue.
nonisolated final class CountingCatalog: CourseCatalog {
    let inner: any CourseCatalog
    private let count = Mutex(0)

    init(_ inner: any CourseCatalog) { self.inner = inner }

    var requests: Int { count.withLock { $0 } }

    func titles() -> [String] {
        count.withLock { $0 += 1 }
        return inner.titles()
    }
}

/// Built only when a report is exported (behind a `Lazy`).
nonisolated final class ReportExporter: Sendable {
    let source: any CourseCatalog

    init(source: any CourseCatalog) { self.source = source }

    func export(_ titles: [String]) -> String { titles.joined(separator: "\n") }
}

/// What the user put in the cart: one per session (the `session` scope).
final class Cart {
    private(set) var courseIDs: [Int] = []

    func add(_ courseID: Int) { courseIDs.append(courseID) }
}

// graphcheck: root
import DIContainer
import Foundation

protocol Store: Sendable {}
final class MemoryStore: Store {}
final class Metrics: Sendable {}
final class Dashboard: Sendable {
    init(store: any Store) {}
}
final class Uploader: Sendable {
    init(store: any Store) {}
}

let container = Container()
// Names computed at run time: the checker cannot tell which keys these are.
for region in ["eu", "us"] {
    container.register((any Store).self, name: Name(region)) { _ in MemoryStore() }  // expect: warning unchecked
}
let region = ProcessInfo.processInfo.environment["REGION"] ?? "eu"
container.register(Dashboard.self) { r in
    Dashboard(store: try r.resolve((any Store).self, name: Name(region)))  // expect: warning unchecked
}
// A key a binary module provides, declared for the checker.
// graphcheck: provided Metrics
container.register(Uploader.self) { r in
    _ = try r.resolve(Metrics.self)
    return Uploader(store: try r.resolve((any Store).self, name: "eu"))  // expect: warning unchecked
}
#if FEATURE_SEARCH
    container.register((any Store).self, name: "search") { _ in MemoryStore() }
#endif
print(try container.resolve(Dashboard.self))

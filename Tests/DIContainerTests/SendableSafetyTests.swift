import DIContainer
import DIContainerLocking
import Testing

/// Not `Sendable`: mutable state without a lock.
private final class Draft {
    var title: String
    init(title: String = "") { self.title = title }
}

/// Not auto-wirable as `Sendable`: built from a dependency, not `Sendable` itself.
private final class Report {
    let draft: Draft
    init(draft: Draft) { self.draft = draft }
}

/// Thread-safe by its own lock, but never declared `Sendable` (as legacy code often is).
private final class LegacyHitCounter {
    private let hits = Locked(0)
    func hit() { hits.withLock { $0 += 1 } }
    var count: Int { hits.withLock { $0 } }
}

/// The compiler refuses to share a service that is not `Sendable` (see `Tests/CompileFailures`,
/// checked by `.ci/compile-failures`); these are the spellings it accepts.
@Suite("Sendable safety")
struct SendableSafetyTests {
    @Test("a service that is not Sendable registers as transient, even where the default lifetime is shared")
    func nonSendableTransient() throws {
        let container = Container(defaultLifetime: .singleton)
        container.register(Draft.self, lifetime: .transient) { _ in Draft() }
        container.register(Report.self, lifetime: .transient, initializer: Report.init)
        container.register(Draft.self, name: "titled", lifetime: .transient) { (_, title: String) in Draft(title: title) }
        let first = try container.resolve(Report.self)
        let second = try container.resolve(Report.self)
        #expect(first !== second)
        #expect(first.draft !== second.draft)
        #expect(try container.resolve(Draft.self, name: "titled", arguments: "Notes").title == "Notes")
        #expect(container.registrations.allSatisfy { $0.lifetime == .transient })
        try container.validate()
    }

    @Test("with the UncheckedSendable opt-out, parallel tasks share one instance the user made thread-safe")
    func uncheckedSendableOptOut() async throws {
        let container = Container()
        // The user vouches for LegacyHitCounter's thread safety by naming the opt-out.
        container.register(UncheckedSendable<LegacyHitCounter>.self, lifetime: .singleton) { _ in
            UncheckedSendable(LegacyHitCounter())
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { try container.resolve(UncheckedSendable<LegacyHitCounter>.self).value.hit() }
            }
            try await group.waitForAll()
        }
        let counter = try container.resolve(UncheckedSendable<LegacyHitCounter>.self).value
        #expect(counter.count == 8)
    }
}

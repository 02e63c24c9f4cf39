import DIContainer
import Testing

final class DescribedClock: Sendable {}
final class DescribedReport: Sendable {
    init(clock: DescribedClock) {}
}

@Suite("Printing a container")
struct DescriptionTests {
    @Test("printing a container runs no factory and builds nothing; it lists what is known")
    func printingRunsNoFactory() throws {
        let container = Container()
        let clockRuns = Counter()
        let reportRuns = Counter()
        container.register(DescribedClock.self, lifetime: .singleton) { _ in
            clockRuns.increment()
            return DescribedClock()
        }
        container.register(DescribedReport.self) { r in
            reportRuns.increment()
            return DescribedReport(clock: try r.resolve(DescribedClock.self))
        }

        let text = "\(container)"
        #expect(clockRuns.value == 0 && reportRuns.value == 0)
        #expect(text.hasPrefix("Container with 2 registrations:"))
        #expect(text.contains("DescribedClock · singleton · dependencies unknown until resolved"))
        #expect(text.contains("DescribedReport · transient · dependencies unknown until resolved"))

        // The singleton was not built by the printing: the first resolve builds it.
        let first = try container.resolve(DescribedClock.self)
        #expect(clockRuns.value == 1)
        #expect(try container.resolve(DescribedClock.self) === first)

        // What a run learned is shown (`registrations` runs the transient to learn it); printing
        // again still runs nothing.
        #expect("\(container)".contains("DescribedClock · singleton · registered at"))
        _ = container.registrations
        #expect(reportRuns.value == 1)
        #expect("\(container)".contains("DescribedReport · transient · depends on DescribedClock · registered at"))
        #expect(clockRuns.value == 1 && reportRuns.value == 1)
    }

    @Test("listing the registrations keeps no instance it builds: a singleton it ran is the app's to build")
    func registrationsKeepNothing() throws {
        let container = Container()
        let clockRuns = Counter()
        container.register(DescribedClock.self, lifetime: .singleton) { _ in
            clockRuns.increment()
            return DescribedClock()
        }
        container.register(DescribedReport.self, lifetime: .singleton) { r in DescribedReport(clock: try r.resolve(DescribedClock.self)) }

        let listed = container.registrations.map(\.description)
        #expect(listed.contains { $0.hasPrefix("DescribedReport · singleton · depends on DescribedClock") })
        // Run to learn what each asks for (on its own and as the report's dependency), kept by none.
        #expect(clockRuns.value == 2)
        let clock = try container.resolve(DescribedClock.self)
        #expect(clockRuns.value == 3)
        _ = try container.resolve(DescribedReport.self)
        _ = container.registrations
        #expect(try container.resolve(DescribedClock.self) === clock)
        #expect(clockRuns.value == 3)
    }
}

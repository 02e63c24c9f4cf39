import DIContainer
import Testing

final class TrcClient: Sendable {}
final class TrcUseCase: Sendable {
    init(client: TrcClient) {}
}
final class TrcPresenter: Sendable {
    init(useCase: TrcUseCase) {}
}

/// One event, reduced to what the tests compare.
struct TrcStep: Equatable, Sendable, CustomStringConvertible {
    let service: String
    let lifetime: Lifetime
    let isNew: Bool
    let depth: Int

    var description: String { "\(service) \(lifetime) \(isNew ? "new" : "reused") depth \(depth)" }
}

@Suite("Tracing")
struct TracingTests {
    private func smallGraph() -> Container {
        let container = Container()
        container.register(TrcPresenter.self) { r in TrcPresenter(useCase: try r.resolve(TrcUseCase.self)) }
        container.register(TrcUseCase.self, initializer: TrcUseCase.init)
        container.register(TrcClient.self, lifetime: .singleton) { _ in TrcClient() }
        return container
    }

    private func record(_ container: Container) -> AdvancedLog<ResolutionEvent> {
        let log = AdvancedLog<ResolutionEvent>()
        container.startTracing { log.append($0) }
        return log
    }

    private func steps(_ events: [ResolutionEvent]) -> [TrcStep] {
        events.map { TrcStep(service: $0.service.description, lifetime: $0.lifetime, isNew: $0.isNewInstance, depth: $0.depth) }
    }

    @Test("tracing reports each step children first, with depth and new or reused")
    func eventsOfSmallGraph() throws {
        let container = smallGraph()
        let log = record(container)
        defer { container.stopTracing() }
        _ = try container.resolve(TrcPresenter.self)
        _ = try container.resolve(TrcPresenter.self)
        _ = try container.resolve(TrcClient.self)
        #expect(
            steps(log.values) == [
                TrcStep(service: "TrcClient", lifetime: .singleton, isNew: true, depth: 3),
                TrcStep(service: "TrcUseCase", lifetime: .transient, isNew: true, depth: 2),
                TrcStep(service: "TrcPresenter", lifetime: .transient, isNew: true, depth: 1),
                TrcStep(service: "TrcClient", lifetime: .singleton, isNew: false, depth: 3),
                TrcStep(service: "TrcUseCase", lifetime: .transient, isNew: true, depth: 2),
                TrcStep(service: "TrcPresenter", lifetime: .transient, isNew: true, depth: 1),
                TrcStep(service: "TrcClient", lifetime: .singleton, isNew: false, depth: 1),
            ])
        #expect(log.values.allSatisfy { $0.duration >= .zero })
    }

    @Test("a parent's duration includes its children's")
    func durationsNest() throws {
        let container = smallGraph()
        let log = record(container)
        defer { container.stopTracing() }
        _ = try container.resolve(TrcPresenter.self)
        let durations = log.values.map(\.duration)
        try #require(durations.count == 3)
        #expect(durations[0] <= durations[1])
        #expect(durations[1] <= durations[2])
    }

    @Test("nothing is reported after stopTracing")
    func stopTracing() throws {
        let container = smallGraph()
        let log = record(container)
        _ = try container.resolve(TrcClient.self)
        container.stopTracing()
        _ = try container.resolve(TrcPresenter.self)
        _ = try container.resolve(TrcClient.self)
        #expect(steps(log.values) == [TrcStep(service: "TrcClient", lifetime: .singleton, isNew: true, depth: 1)])
    }

    @Test("the resolves of validate and graph export are not reported; a singleton validation built is reused")
    func dryRunsNotReported() throws {
        let container = smallGraph()
        let log = record(container)
        defer { container.stopTracing() }
        try container.validate()
        _ = container.graph(format: .dot)
        #expect(log.values.isEmpty)
        _ = try container.resolve(TrcClient.self)
        #expect(steps(log.values) == [TrcStep(service: "TrcClient", lifetime: .singleton, isNew: false, depth: 1)])
    }

    @Test("tracing one container reports nothing about another")
    func perContainer() throws {
        let traced = smallGraph()
        let other = smallGraph()
        let log = record(traced)
        defer { traced.stopTracing() }
        _ = try other.resolve(TrcPresenter.self)
        #expect(log.values.isEmpty)
    }

    @Test("an async singleton reports new once, then reused")
    func asyncEvents() async throws {
        let container = Container()
        container.register(TrcClient.self, lifetime: .singleton) { _ async throws in TrcClient() }
        let log = record(container)
        defer { container.stopTracing() }
        _ = try await container.resolveAsync(TrcClient.self)
        _ = try await container.resolveAsync(TrcClient.self)
        #expect(
            steps(log.values) == [
                TrcStep(service: "TrcClient", lifetime: .singleton, isNew: true, depth: 1),
                TrcStep(service: "TrcClient", lifetime: .singleton, isNew: false, depth: 1),
            ])
    }

    @Test("an event describes itself indented by depth")
    func eventDescription() throws {
        let container = smallGraph()
        let log = record(container)
        defer { container.stopTracing() }
        _ = try container.resolve(TrcUseCase.self)
        let descriptions = log.values.map(\.description)
        try #require(descriptions.count == 2)
        #expect(descriptions[0].hasPrefix("  TrcClient · singleton · new · "))
        #expect(descriptions[1].hasPrefix("TrcUseCase · transient · new · "))
    }
}

import MinimalContainer
import Testing

@testable import Benchmarks

@Suite("MinimalContainer: the floor of the graph and cold-start cases builds what they claim")
struct MinimalContainerTests {
    private func container() throws -> MinimalContainer {
        let container = MinimalContainer()
        let registered = [
            container.register(SharedNode.self, keptPerResolve: true) { _ in SharedNode() },
            container.register(Node0.self, keptPerResolve: true) { r in Node0(shared: try r.resolve(SharedNode.self)) },
            container.register(Node1.self, keptPerResolve: true) { r in
                Node1(previous: try r.resolve(Node0.self), shared: try r.resolve(SharedNode.self))
            },
        ]
        try #require(registered.allSatisfy { $0 })
        return container
    }

    @Test("One resolve shares one kept instance; the next resolve builds new ones")
    func keptPerResolve() throws {
        let container = try container()
        let first = try container.resolve(Node1.self)
        let second = try container.resolve(Node1.self)
        #expect(first.shared === first.previous.shared)
        #expect(first.shared !== second.shared)
        #expect(first !== second)
    }

    @Test("An unregistered type throws, and the container still resolves afterwards")
    func unregistered() throws {
        let container = try container()
        #expect(throws: MinimalContainer.Unregistered.self) { try container.resolve(Node2.self) }
        let graph = try container.resolve(Node1.self)
        #expect(graph.shared === graph.previous.shared)
    }

    @Test("A kept registration must be a class")
    func keptValueRefused() {
        #expect(!MinimalContainer().register(Int.self, keptPerResolve: true) { _ in 1 })
    }
}

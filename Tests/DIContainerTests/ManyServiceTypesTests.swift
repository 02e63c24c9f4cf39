import DIContainer
import Dispatch
import Testing

/// A distinct service type per nesting depth: `Nest<Int>`, `Nest<Nest<Int>>`, …
struct Nest<Inner>: Sendable {
    let depth: Int
}

/// Registering a service without runtime arguments finds its registration class in a cache of
/// its own (`EntryClasses`); these tests register more types than its first table holds, from
/// several threads at once, into several containers.
@Suite("Many service types")
struct ManyServiceTypesTests {
    /// Registers `Nest<Inner>` and, below it, `depth` more levels of nesting.
    private func registerNests<Inner>(_: Inner.Type, depth: Int, in container: Container) {
        container.register(Nest<Inner>.self) { _ in Nest<Inner>(depth: depth) }
        if depth > 0 { registerNests(Nest<Inner>.self, depth: depth - 1, in: container) }
    }

    /// The depths `resolve` returns for the types `registerNests` registered, outermost first.
    private func resolveNests<Inner>(_: Inner.Type, depth: Int, in container: Container) throws -> [Int] {
        let own = try container.resolve(Nest<Inner>.self).depth
        guard depth > 0 else { return [own] }
        return try [own] + resolveNests(Nest<Inner>.self, depth: depth - 1, in: container)
    }

    @Test("many service types registered from several threads each resolve as registered")
    func manyTypesConcurrently() throws {
        let depth = 99
        let containers = (0..<8).map { _ in Container() }
        DispatchQueue.concurrentPerform(iterations: containers.count) { index in
            if index.isMultiple(of: 2) {
                registerNests(Int.self, depth: depth, in: containers[index])
            } else {
                registerNests(String.self, depth: depth, in: containers[index])
            }
        }
        for (index, container) in containers.enumerated() {
            let depths =
                index.isMultiple(of: 2)
                ? try resolveNests(Int.self, depth: depth, in: container)
                : try resolveNests(String.self, depth: depth, in: container)
            #expect(depths == Array((0...depth).reversed()))
        }
    }

    @Test("a registration made again in a new container builds its own service")
    func sameTypeAgain() throws {
        let first = Container()
        first.register(Nest<Bool>.self) { _ in Nest<Bool>(depth: 1) }
        let second = Container()
        second.register(Nest<Bool>.self) { _ in Nest<Bool>(depth: 2) }
        #expect(try first.resolve(Nest<Bool>.self).depth == 1)
        #expect(try second.resolve(Nest<Bool>.self).depth == 2)
    }
}

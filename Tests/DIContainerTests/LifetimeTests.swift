import DIContainer
import Testing

/// A service whose instances can be told apart, with one shared dependency in the same graph.
private final class Node: Sendable {
    let left: Leaf
    let right: Leaf
    init(left: Leaf, right: Leaf) {
        self.left = left
        self.right = right
    }
}

private final class Leaf: Sendable {}

extension Lifetime {
    /// Every lifetime, with one scope standing for all of them: what matrix tests run over.
    static let examples: [Lifetime] = [.transient, .graph, .singleton, .weak, .scoped("test")]
}

@Suite("Lifetimes")
struct LifetimeTests {
    private func container(leaf lifetime: Lifetime, counter: Counter) -> Container {
        let container = Container()
        container.register(Leaf.self, lifetime: lifetime) { _ in
            counter.increment()
            return Leaf()
        }
        container.register(Node.self) { r in Node(left: try r.resolve(Leaf.self), right: try r.resolve(Leaf.self)) }
        return container
    }

    @Test("sharing within one resolve and across resolves", arguments: Lifetime.examples)
    func sharing(lifetime: Lifetime) throws {
        let counter = Counter()
        let container = container(leaf: lifetime, counter: counter)
        let first = try container.resolve(Node.self)
        let second = try container.resolve(Node.self)

        let sharedWithinResolve = first.left === first.right
        let sharedAcrossResolves = first.left === second.left
        switch lifetime {
        case .transient:
            #expect(!sharedWithinResolve && !sharedAcrossResolves)
            #expect(counter.value == 4)
        case .graph:
            #expect(sharedWithinResolve && !sharedAcrossResolves)
            #expect(counter.value == 2)
        case .singleton, .scoped:
            #expect(sharedWithinResolve && sharedAcrossResolves)
            #expect(counter.value == 1)
        case .weak:
            // `first` holds its leaf, so it is shared while that lasts.
            #expect(sharedWithinResolve && sharedAcrossResolves)
            #expect(counter.value == 1)
        }
    }

    @Test("a singleton is created lazily, on first resolve")
    func singletonIsLazy() throws {
        let counter = Counter()
        let container = container(leaf: .singleton, counter: counter)
        #expect(counter.value == 0)
        _ = try container.resolve(Leaf.self)
        #expect(counter.value == 1)
    }

    @Test("a weak instance is rebuilt after the last holder releases it")
    func weakIsRebuiltAfterRelease() throws {
        let counter = Counter()
        let container = container(leaf: .weak, counter: counter)
        var held: Leaf? = try container.resolve(Leaf.self)
        let identity = held.map(ObjectIdentifier.init)
        #expect(try ObjectIdentifier(container.resolve(Leaf.self)) == identity)
        held = nil
        let rebuilt = try container.resolve(Leaf.self)
        #expect(counter.value == 2)
        #expect(try container.resolve(Leaf.self) === rebuilt)
    }

    @Test("value types are copied out of every lifetime", arguments: Lifetime.examples)
    func valueTypesAreCopied(lifetime: Lifetime) throws {
        let container = Container()
        container.register(ValueService.self, lifetime: lifetime) { _ in ValueService(count: 1) }
        var value = try container.resolve(ValueService.self)
        value.count = 2
        #expect(try container.resolve(ValueService.self).count == 1)
    }

    @Test("graph instances are shared across nested factories of one resolve only")
    func graphAcrossNestedFactories() throws {
        final class Top: Sendable {
            let node: Node
            let leaf: Leaf
            init(node: Node, leaf: Leaf) {
                self.node = node
                self.leaf = leaf
            }
        }
        let container = container(leaf: .graph, counter: Counter())
        container.register(Top.self) { r in Top(node: try r.resolve(Node.self), leaf: try r.resolve(Leaf.self)) }
        let top = try container.resolve(Top.self)
        #expect(top.leaf === top.node.left)
        #expect(top.leaf === top.node.right)
        #expect(try container.resolve(Top.self).leaf !== top.leaf)
    }

    @Test("a singleton's factory that throws is tried again on the next resolve")
    func failingSingletonRetries() throws {
        let counter = Counter()
        let container = Container()
        container.register(Leaf.self, lifetime: .singleton) { _ in
            if counter.increment() == 1 { throw FactoryError() }
            return Leaf()
        }
        #expect(throws: ResolutionError.self) { try container.resolve(Leaf.self) }
        let leaf = try container.resolve(Leaf.self)
        #expect(try container.resolve(Leaf.self) === leaf)
        #expect(counter.value == 2)
    }
}

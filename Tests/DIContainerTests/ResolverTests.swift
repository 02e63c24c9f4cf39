import DIContainer
import DIContainerLocking
import Foundation
import Testing

/// What a factory's resolver is: the container itself, continuing the resolution that runs on
/// the calling thread while the factory runs, and starting a new one otherwise.
@Suite("The resolver a factory receives")
struct ResolverTests {
    @Test("a container is a resolver: code written against Resolver accepts it")
    func containerIsAResolver() throws {
        let container = Container()
        container.register(DependencyImpl.self) { _ in DependencyImpl() }
        func build(from resolver: any Resolver) throws -> ServiceImpl {
            ServiceImpl(dependency: try resolver.resolve(DependencyImpl.self))
        }
        let service = try build(from: container)
        #expect(service.dependency is DependencyImpl)
    }

    @Test("resolve(_:) is resolve(_:name: nil), on the container and through any Resolver, optional or not")
    func unnamedResolve() throws {
        let container = Container()
        let unnamed = DependencyImpl()
        container.register(DependencyImpl.self, instance: unnamed)
        container.register(DependencyImpl.self, name: "other") { _ in DependencyImpl() }
        let resolver: any Resolver = container
        #expect(try container.resolve(DependencyImpl.self) === unnamed)
        #expect(try resolver.resolve(DependencyImpl.self) === unnamed)
        #expect(try container.resolve(DependencyImpl?.self) === unnamed)
        #expect(try container.resolve(DependencyImpl.self) !== container.resolve(DependencyImpl.self, name: "other"))
        #expect(try container.resolve(ServiceImpl?.self) == nil)
        let error = try #require(throws: ResolutionError.self) { try resolver.resolve(ServiceImpl.self) }
        #expect(error.path.map(\.typeName) == ["ServiceImpl"])
    }

    @Test("resolving through a captured container inside a factory continues the resolution: a cycle is reported, with its path")
    func capturedContainerContinuesTheResolution() throws {
        let container = Container()
        container.register(CycleA.self) { [unowned container] _ in CycleA(b: try container.resolve(CycleB.self)) }
        container.register(CycleB.self) { r in CycleB(a: try r.resolve(CycleA.self)) }

        let error = try #require(throws: ResolutionError.self) { try container.resolve(CycleA.self) }
        #expect(error.path.map(\.typeName) == ["CycleA", "CycleB", "CycleA"])
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("expected a circular dependency, got \(error.kind)")
            return
        }
        #expect(cycle.map(\.typeName) == ["CycleA", "CycleB", "CycleA"])
    }

    @Test("a graph instance is shared with what a factory resolves through a captured container")
    func capturedContainerSharesGraphInstances() throws {
        final class Pair: Sendable {
            let first: DependencyImpl
            let second: DependencyImpl
            init(first: DependencyImpl, second: DependencyImpl) {
                self.first = first
                self.second = second
            }
        }
        let container = Container()
        container.register(DependencyImpl.self, lifetime: .graph) { _ in DependencyImpl() }
        container.register(Pair.self) { [unowned container] r in
            Pair(first: try r.resolve(DependencyImpl.self), second: try container.resolve(DependencyImpl.self))
        }
        let pair = try container.resolve(Pair.self)
        #expect(pair.first === pair.second)
        let next = try container.resolve(Pair.self)
        #expect(next.first !== pair.first)
    }

    @Test("a resolver kept after its factory returned starts a new resolution when used")
    func keptResolverStartsANewResolution() throws {
        let kept = Locked<(any Resolver)?>(nil)
        // The kept resolver keeps its container, whose factory keeps `kept`: emptied at the end.
        defer { kept.withLock { $0 = nil } }
        let built = Counter()
        let container = Container()
        container.register(DependencyImpl.self) { _ in
            built.increment()
            return DependencyImpl()
        }
        container.register(ServiceImpl.self) { r in
            kept.withLock { $0 = r }
            return ServiceImpl(dependency: try r.resolve(DependencyImpl.self))
        }
        _ = try container.resolve(ServiceImpl.self)
        let resolver = try #require(kept.withLock { $0 })

        _ = try resolver.resolve(DependencyImpl.self)
        #expect(built.value == 2)
        // A new resolution: the error's path starts at the request, not at `ServiceImpl`.
        let error = try #require(throws: ResolutionError.self) { try resolver.resolve(CycleA.self) }
        #expect(error.path.map(\.typeName) == ["CycleA"])
    }

    @Test("resolvers kept from steps at one level stay distinct, work, and release their container once released")
    func keptResolversAreReleased() throws {
        weak var weakContainer: Container?
        let kept = Locked<[any Resolver]>([])
        do {
            let container = Container()
            weakContainer = container
            container.register(DependencyImpl.self) { r in
                kept.withLock { $0.append(r) }
                return DependencyImpl()
            }
            container.register(ServiceImpl.self) { r in ServiceImpl(dependency: try r.resolve(DependencyImpl.self)) }
            // Each resolve keeps the resolver of its second step; the next one at that level must
            // not reuse the kept step.
            for _ in 0..<3 { _ = try container.resolve(ServiceImpl.self) }
        }
        do {
            let resolvers = kept.withLock { $0 }
            #expect(resolvers.count == 3)
            #expect(Set(resolvers.map { ObjectIdentifier($0 as AnyObject) }).count == 3)
            for resolver in resolvers {
                #expect(try resolver.resolve(ServiceImpl.self).dependency is DependencyImpl)
            }
        }
        #expect(weakContainer != nil)
        kept.withLock { $0 = [] }
        #expect(weakContainer == nil)
    }

    @Test("a resolver used on another thread while its factory waits starts a new resolution there")
    func resolverOnAnotherThread() throws {
        let container = Container()
        container.register(DependencyImpl.self) { _ in DependencyImpl() }
        container.register(ServiceImpl.self) { r in
            let result = Locked<Result<DependencyImpl, any Error>?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread {
                result.withLock { $0 = Result { try r.resolve(DependencyImpl.self) } }
                done.signal()
            }.start()
            done.wait()
            let dependency = try #require(result.withLock { $0 }).get()
            return ServiceImpl(dependency: dependency)
        }
        #expect(try container.resolve(ServiceImpl.self).dependency is DependencyImpl)
    }

    @Test("after a factory fails, the next resolution starts from an empty path")
    func stackUnwindsAfterAnError() throws {
        let container = Container()
        container.register(DependencyImpl.self) { _ in throw FactoryError() }
        container.register(ServiceImpl.self) { r in ServiceImpl(dependency: try r.resolve(DependencyImpl.self)) }

        let first = try #require(throws: ResolutionError.self) { try container.resolve(ServiceImpl.self) }
        #expect(first.path.map(\.typeName) == ["ServiceImpl", "DependencyImpl"])
        let second = try #require(throws: ResolutionError.self) { try container.resolve(CycleB.self) }
        #expect(second.path.map(\.typeName) == ["CycleB"])
        let third = try #require(throws: ResolutionError.self) { try container.resolve(ServiceImpl.self) }
        #expect(third.path == first.path)
    }

    @Test("an override scope opened inside a factory starts a resolution of its own")
    func overrideInsideAFactory() throws {
        final class Mock: Dependency {}
        let container = Container()
        container.register((any Dependency).self) { _ in DependencyImpl() }
        container.register(ServiceImpl.self) { [unowned container] r in
            let inner = try container.withOverrides { overrides in
                overrides.register((any Dependency).self) { _ in Mock() }
            } operation: {
                try container.resolve((any Dependency).self)
            }
            #expect(inner is Mock)
            return ServiceImpl(dependency: try r.resolve((any Dependency).self))
        }
        #expect(try container.resolve(ServiceImpl.self).dependency is DependencyImpl)
    }
}

import DIContainer
import DIContainerLocking
import Testing

/// `Lazy` and `Provider` on the rewritten engine: the hooks of instances they build, their weak
/// hold on the container, and which test overrides apply when they are read.
@Suite("Handles: hooks, weak hold on the container, overrides at the read")
struct HandleRegressionTests {
    /// A service whose hooks record the instances they complete.
    private final class Hooked: Sendable {}

    /// Holds a `Lazy` it was given in its factory.
    private final class LazyKeeper: Sendable {
        let lazy: Lazy<Hooked>
        init(lazy: Lazy<Hooked>) { self.lazy = lazy }
    }

    /// Holds a `Provider` it was given in its factory.
    private final class ProviderKeeper: Sendable {
        let provider: Provider<Hooked>
        init(provider: Provider<Hooked>) { self.provider = provider }
    }

    private final class MockA: Dependency {}
    private final class MockB: Dependency {}

    /// Registers `Hooked` with `lifetime` and a hook that records every instance it completes.
    private func registerHooked(in container: Container, lifetime: Lifetime, completed: Locked<[ObjectIdentifier]>) {
        container.register(Hooked.self, lifetime: lifetime) { _ in Hooked() }
            .initCompleted { _, hooked in completed.withLock { $0.append(ObjectIdentifier(hooked)) } }
    }

    // MARK: - initCompleted hooks of instances a handle builds

    @Test("a transient read through a provider gets its hooks, once per read")
    func providerTransientHooks() throws {
        let container = Container()
        let completed = Locked<[ObjectIdentifier]>([])
        registerHooked(in: container, lifetime: .transient, completed: completed)
        let provider = try container.resolve(Provider<Hooked>.self)
        #expect(completed.withLock { $0 }.isEmpty)
        let first = try provider.instance
        let second = try provider.instance
        #expect(first !== second)
        #expect(completed.withLock { $0 } == [ObjectIdentifier(first), ObjectIdentifier(second)])
    }

    @Test("a singleton first built through a provider gets its hooks exactly once")
    func providerSingletonHooks() throws {
        let container = Container()
        let completed = Locked<[ObjectIdentifier]>([])
        registerHooked(in: container, lifetime: .singleton, completed: completed)
        container.register(ProviderKeeper.self) { r in ProviderKeeper(provider: try r.resolve(Provider<Hooked>.self)) }
        let keeper = try container.resolve(ProviderKeeper.self)
        #expect(completed.withLock { $0 }.isEmpty)
        let first = try keeper.provider.instance
        #expect(try keeper.provider.instance === first)
        #expect(try container.resolve(Hooked.self) === first)
        #expect(completed.withLock { $0 } == [ObjectIdentifier(first)])
    }

    @Test(
        "an instance built by reading a lazy after the resolve that made it returned gets its hooks once",
        arguments: [Lifetime.transient, .graph, .singleton, .weak])
    func lazyReadAfterResolveHooks(lifetime: Lifetime) throws {
        let container = Container()
        let completed = Locked<[ObjectIdentifier]>([])
        registerHooked(in: container, lifetime: lifetime, completed: completed)
        container.register(LazyKeeper.self) { r in LazyKeeper(lazy: try r.resolve(Lazy<Hooked>.self)) }
        let keeper = try container.resolve(LazyKeeper.self)
        #expect(completed.withLock { $0 }.isEmpty)
        let instance = try keeper.lazy.instance
        #expect(try keeper.lazy.instance === instance)
        #expect(completed.withLock { $0 } == [ObjectIdentifier(instance)])
    }

    // MARK: - Handles hold their container weakly

    @Test("a dropped container whose singleton keeps a lazy is freed; the lazy then throws containerReleased")
    func lazyKeepsContainerWeakly() throws {
        weak var weakContainer: Container?
        weak var weakKeeper: LazyKeeper?
        let lazy: Lazy<Hooked>
        do {
            let container = Container()
            container.register(Hooked.self) { _ in Hooked() }
            container.register(LazyKeeper.self, lifetime: .singleton) { r in LazyKeeper(lazy: try r.resolve(Lazy<Hooked>.self)) }
            let keeper = try container.resolve(LazyKeeper.self)
            lazy = keeper.lazy
            weakContainer = container
            weakKeeper = keeper
        }
        #expect(weakContainer == nil)
        #expect(weakKeeper == nil)
        let error = try #require(throws: ResolutionError.self) { try lazy.instance }
        #expect(isContainerReleased(error), "\(error)")
    }

    @Test("a dropped container whose singleton keeps a provider is freed; the provider then throws containerReleased")
    func providerKeepsContainerWeakly() throws {
        weak var weakContainer: Container?
        weak var weakKeeper: ProviderKeeper?
        let provider: Provider<Hooked>
        do {
            let container = Container()
            container.register(Hooked.self) { _ in Hooked() }
            container.register(ProviderKeeper.self, lifetime: .singleton) { r in
                ProviderKeeper(provider: try r.resolve(Provider<Hooked>.self))
            }
            let keeper = try container.resolve(ProviderKeeper.self)
            _ = try keeper.provider.instance  // usable while the container lives
            provider = keeper.provider
            weakContainer = container
            weakKeeper = keeper
        }
        #expect(weakContainer == nil)
        #expect(weakKeeper == nil)
        let error = try #require(throws: ResolutionError.self) { try provider.instance }
        #expect(isContainerReleased(error), "\(error)")
    }

    @Test("a dropped container whose singleton was built inside withOverrides is freed (no handle involved)")
    func singletonBuiltInsideOverridesKeepsNothingAlive() throws {
        weak var weakContainer: Container?
        weak var weakSingleton: Hooked?
        do {
            let container = Container()
            container.register(Hooked.self, lifetime: .singleton) { _ in Hooked() }
            let singleton = try container.withOverrides(strict: false) {
                $0.register((any Dependency).self) { _ in MockA() }
            } operation: {
                try container.resolve(Hooked.self)
            }
            weakContainer = container
            weakSingleton = singleton
        }
        #expect(weakSingleton == nil)
        #expect(weakContainer == nil)
    }

    @Test("a dropped container is freed also when its singleton keeping a lazy was built inside withOverrides")
    func lazyMadeInsideOverridesKeepsContainerWeakly() throws {
        weak var weakContainer: Container?
        weak var weakKeeper: LazyKeeper?
        do {
            let container = Container()
            container.register(Hooked.self) { _ in Hooked() }
            container.register(LazyKeeper.self, lifetime: .singleton) { r in LazyKeeper(lazy: try r.resolve(Lazy<Hooked>.self)) }
            let keeper = try container.withOverrides(strict: false) {
                $0.register((any Dependency).self) { _ in MockA() }
            } operation: {
                try container.resolve(LazyKeeper.self)
            }
            _ = try keeper.lazy.instance  // readable while the container lives
            weakContainer = container
            weakKeeper = keeper
        }
        #expect(weakKeeper == nil)
        #expect(weakContainer == nil)
    }

    @Test("a dropped container is freed also when its singleton keeping a provider was built inside withOverrides")
    func providerMadeInsideOverridesKeepsContainerWeakly() throws {
        weak var weakContainer: Container?
        weak var weakKeeper: ProviderKeeper?
        do {
            let container = Container()
            container.register(Hooked.self) { _ in Hooked() }
            container.register(ProviderKeeper.self, lifetime: .singleton) { r in
                ProviderKeeper(provider: try r.resolve(Provider<Hooked>.self))
            }
            let keeper = try container.withOverrides(strict: false) {
                $0.register((any Dependency).self) { _ in MockA() }
            } operation: {
                try container.resolve(ProviderKeeper.self)
            }
            _ = try keeper.provider.instance  // readable while the container lives
            weakContainer = container
            weakKeeper = keeper
        }
        #expect(weakKeeper == nil)
        #expect(weakContainer == nil)
    }

    @Test("a graph value keeping a lazy of its own resolution is freed, with what the lazy built, once nothing else keeps it")
    func graphValueKeepingALazyIsFreed() throws {
        struct LazyHolder: Sendable {
            let lazy: Lazy<Hooked>
        }
        weak var weakContainer: Container?
        weak var weakBuilt: Hooked?
        do {
            let container = Container()
            container.register(Hooked.self) { _ in Hooked() }
            container.register(LazyHolder.self, lifetime: .graph) { r in LazyHolder(lazy: try r.resolve(Lazy<Hooked>.self)) }
            let holder = try container.resolve(LazyHolder.self)
            let built = try holder.lazy.instance
            #expect(try holder.lazy.instance === built)
            weakContainer = container
            weakBuilt = built
        }
        #expect(weakContainer == nil)
        #expect(weakBuilt == nil)
    }

    // MARK: - Which overrides apply at a read

    @Test("a provider read under another scope resolves with that scope's replacement, outside any with its own")
    func providerOverridesAtRead() throws {
        let container = Container()
        container.register((any Dependency).self) { _ in DependencyImpl() }
        let provider = try container.withOverrides {
            $0.register((any Dependency).self) { _ in MockA() }
        } operation: {
            let provider = try container.resolve(Provider<any Dependency>.self)
            #expect(try provider.instance is MockA)
            return provider
        }
        let underB = try container.withOverrides {
            $0.register((any Dependency).self) { _ in MockB() }
        } operation: {
            try provider.instance
        }
        #expect(underB is MockB)
        #expect(try provider.instance is MockA)
        #expect(try container.resolve((any Dependency).self) is DependencyImpl)
    }

    @Test("a lazy first read under another scope builds with that scope's replacement, outside any with its own")
    func lazyOverridesAtFirstRead() throws {
        let container = Container()
        container.register((any Dependency).self) { _ in DependencyImpl() }
        let (readUnderB, readOutside) = try container.withOverrides {
            $0.register((any Dependency).self) { _ in MockA() }
        } operation: {
            (try container.resolve(Lazy<any Dependency>.self), try container.resolve(Lazy<any Dependency>.self))
        }
        let built = try container.withOverrides {
            $0.register((any Dependency).self) { _ in MockB() }
        } operation: {
            try readUnderB.instance
        }
        #expect(built is MockB)
        // Kept: later reads, wherever they happen, return the instance of the first read.
        #expect(try readUnderB.instance as AnyObject === built as AnyObject)
        #expect(try readOutside.instance is MockA)
        #expect(try container.resolve(Lazy<any Dependency>.self).instance is DependencyImpl)
    }

    private func isContainerReleased(_ error: ResolutionError) -> Bool {
        if case .containerReleased = error.kind { return true }
        return false
    }
}

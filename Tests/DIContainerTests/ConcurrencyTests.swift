import DIContainer
import DIContainerLocking
import Foundation
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("100 tasks × 1,000 resolves of a singleton: one instance, one factory call")
    func singletonUnderContention() async throws {
        let container = Container()
        let calls = Counter()
        container.register(DependencyImpl.self, lifetime: .singleton) { _ in
            calls.increment()
            return DependencyImpl()
        }
        let identities = try await withThrowingTaskGroup(of: Set<ObjectIdentifier>.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    var seen: Set<ObjectIdentifier> = []
                    for _ in 0..<1_000 {
                        seen.insert(ObjectIdentifier(try container.resolve(DependencyImpl.self)))
                    }
                    return seen
                }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1) }
        }
        #expect(identities.count == 1)
        #expect(calls.value == 1)
    }

    @Test("the first resolves of a singleton racing on real threads build it exactly once")
    func singletonFirstResolveRaceOnThreads() throws {
        for _ in 0..<20 {
            let container = Container()
            let calls = Counter()
            container.register(DependencyImpl.self, lifetime: .singleton) { _ in
                calls.increment()
                return DependencyImpl()
            }
            let results = ThreadResults()
            runOnThreads(8) { _ in
                results.append(ObjectIdentifier(try container.resolve(DependencyImpl.self)))
            } onError: {
                results.fail($0)
            }
            #expect(results.errors.isEmpty)
            #expect(Set(results.values).count == 1)
            #expect(calls.value == 1)
        }
    }

    @Test("registering while resolving from many threads")
    func registerWhileResolving() throws {
        let container = Container()
        container.register(ValueService.self) { _ in ValueService(count: 1) }
        let results = ThreadResults()
        runOnThreads(8) { index in
            for step in 0..<500 {
                if index % 2 == 0 {
                    container.register(ValueService.self, name: Name("\(index)-\(step)")) { _ in ValueService(count: step) }
                } else {
                    results.append(ObjectIdentifier(ValueService.self))
                    _ = try container.resolve(ValueService.self)
                }
            }
        } onError: {
            results.fail($0)
        }
        #expect(results.errors.isEmpty)
        #expect(container.registrations.count == 1 + 4 * 500)
        #expect(try container.resolve(ValueService.self, name: "2-499").count == 499)
    }

    @Test("nested resolves of singletons under contention finish without deadlock")
    func nestedSingletonsUnderContention() async throws {
        for _ in 0..<20 {
            let container = Container()
            let calls = Counter()
            container.register(Dependency.self, lifetime: .singleton) { _ in
                calls.increment()
                return DependencyImpl()
            }
            container.register(Service.self, lifetime: .singleton) { r in
                calls.increment()
                return ServiceImpl(dependency: try r.resolve(Dependency.self))
            }
            container.register(MainPresenter.self) { r in
                _ = try r.resolve(Service.self)
                return MainPresenter(useCase: GetMainUseCase(repository: LocalCourseRepository(cache: MemoryCache())))
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<50 {
                    group.addTask { _ = try container.resolve(MainPresenter.self) }
                }
                try await group.waitForAll()
            }
            #expect(calls.value == 2)
        }
    }

    @Test("two singletons that need each other, first resolved on two threads at once, fail instead of deadlocking")
    func crossThreadSingletonCycle() throws {
        for _ in 0..<10 {
            let container = Container()
            container.register(CycleA.self, lifetime: .singleton) { r in CycleA(b: try r.resolve(CycleB.self)) }
            container.register(CycleB.self, lifetime: .singleton) { r in CycleB(a: try r.resolve(CycleA.self)) }
            let results = ThreadResults()
            runOnThreads(2) { index in
                if index == 0 {
                    _ = try container.resolve(CycleA.self)
                } else {
                    _ = try container.resolve(CycleB.self)
                }
            } onError: {
                results.fail($0)
            }
            #expect(results.errors.count == 2)
            #expect(
                results.errors.allSatisfy { error in
                    if case .circularDependency = (error as? ResolutionError)?.kind { return true }
                    return false
                })
        }
    }
}

/// Values and errors collected from several threads.
final class ThreadResults: Sendable {
    private let state = Locked<([ObjectIdentifier], [any Error])>(([], []))

    func append(_ value: ObjectIdentifier) { state.withLock { $0.0.append(value) } }
    func fail(_ error: any Error) { state.withLock { $0.1.append(error) } }
    var values: [ObjectIdentifier] { state.withLock { $0.0 } }
    var errors: [any Error] { state.withLock { $0.1 } }
}

/// Runs `body` on `count` real threads released together, and waits for all of them.
func runOnThreads(
    _ count: Int, _ body: @escaping @Sendable (Int) throws -> Void, onError: @escaping @Sendable (any Error) -> Void
) {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        Thread {
            start.wait()
            do { try body(index) } catch { onError(error) }
            done.leave()
        }.start()
    }
    for _ in 0..<count { start.signal() }
    done.wait()
}

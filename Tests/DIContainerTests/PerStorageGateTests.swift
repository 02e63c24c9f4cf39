import DIContainer
import DIContainerLocking
import Testing

/// A request a server handles: its task and child tasks see it as `RequestScope.current`, and it
/// keeps the per-request storage of each registration resolved in it.
final class RequestScope: Sendable {
    @TaskLocal static var current: RequestScope?

    private let storages = Locked<[ObjectIdentifier: KeptInstance]>([:])

    /// This request's storage for `registration`'s instance.
    func storage(for registration: PerRequestStorage) -> KeptInstance {
        storages.withLock { storages in
            if let found = storages[ObjectIdentifier(registration)] { return found }
            let made = KeptInstance()
            storages[ObjectIdentifier(registration)] = made
            return made
        }
    }
}

/// One kept instance.
final class KeptInstance: InstanceStorage {
    private let kept = Locked<(any Sendable)?>(nil)

    var instance: (any Sendable)? { kept.withLock { $0 } }
    func store(_ instance: any Sendable) { kept.withLock { $0 = instance } }
    func reset() { kept.withLock { $0 = nil } }
}

/// One instance per request (`RequestScope.current`); outside any request, one shared instance.
final class PerRequestStorage: InstanceStorage {
    private let outside = KeptInstance()

    var current: any InstanceStorage { RequestScope.current?.storage(for: self) ?? self }
    var instance: (any Sendable)? { outside.instance }
    func store(_ instance: any Sendable) { outside.store(instance) }
    func reset() { outside.reset() }
}

extension Lifetime {
    static let perRequest = Lifetime.custom("per request") { PerRequestStorage() }
}

final class RequestSession: Sendable {}

/// Opens once `count` callers have arrived, or when `open()` is called (a test's timeout).
final class StartLatch: Sendable {
    private let count: Int
    private let state = Locked<(arrived: Int, isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((0, false, []))

    init(count: Int) {
        self.count = count
    }

    /// Arrives, and waits until the latch opens.
    func arriveAndWait() async {
        await withCheckedContinuation { continuation in
            let opened = state.withLock { state in
                state.arrived += 1
                state.waiting.append(continuation)
                if state.arrived >= count { state.isOpen = true }
                guard state.isOpen else { return [CheckedContinuation<Void, Never>]() }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in opened { waiter.resume() }
        }
    }

    /// Opens the latch however many have arrived.
    func open() {
        let opened = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in opened { waiter.resume() }
    }
}

/// A storage's `current` storage, not the registration, is what builds exactly once: builds for
/// different requests' storages run side by side; within one storage, one build, others wait.
@Suite("Build-once gates per storage")
struct PerStorageGateTests {
    @Test("builds of one registration for different requests run at the same time")
    func buildsForDifferentStoragesOverlap() async throws {
        let requests = 50
        let container = Container()
        let latch = StartLatch(count: requests)
        let running = Locked((now: 0, most: 0))
        container.register(RequestSession.self, lifetime: .perRequest) { _ async throws in
            running.withLock { running in
                running.now += 1
                running.most = max(running.most, running.now)
            }
            await latch.arriveAndWait()
            running.withLock { $0.now -= 1 }
            return RequestSession()
        }
        // Were the builds one after another, the latch would never fill: the timeout opens it.
        let timeout = Task {
            try? await Task.sleep(for: .seconds(20))
            latch.open()
        }
        defer { timeout.cancel() }
        let sessions = try await withThrowingTaskGroup(of: RequestSession.self) { group in
            for _ in 0..<requests {
                group.addTask {
                    try await RequestScope.$current.withValue(RequestScope()) {
                        try await container.resolveAsync(RequestSession.self)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(running.withLock { $0.most } == requests, "every request's build started before any ended")
        #expect(Set(sessions.map(ObjectIdentifier.init)).count == requests)
    }

    @Test("each request's storage builds its instance exactly once while its resolves race", arguments: [false, true])
    func exactlyOncePerStorage(isAsync: Bool) async throws {
        let requests = 20
        let resolvesPerRequest = 10
        let container = Container()
        let builds = Locked(0)
        if isAsync {
            container.register(RequestSession.self, lifetime: .perRequest) { _ async throws in
                builds.withLock { $0 += 1 }
                await Task.yield()
                return RequestSession()
            }
        } else {
            container.register(RequestSession.self, lifetime: .perRequest) { _ in
                builds.withLock { $0 += 1 }
                return RequestSession()
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<requests {
                group.addTask {
                    let sessions = try await RequestScope.$current.withValue(RequestScope()) {
                        try await withThrowingTaskGroup(of: RequestSession.self) { resolves in
                            for _ in 0..<resolvesPerRequest {
                                resolves.addTask {
                                    isAsync
                                        ? try await container.resolveAsync(RequestSession.self) : try container.resolve(RequestSession.self)
                                }
                            }
                            return try await resolves.reduce(into: []) { $0.append($1) }
                        }
                    }
                    #expect(Set(sessions.map(ObjectIdentifier.init)).count == 1)
                }
            }
            try await group.waitForAll()
        }
        #expect(builds.withLock { $0 } == requests)
    }

    @Test("outside any request the storage itself keeps one instance, and a reset drops it")
    func outsideRequests() throws {
        let container = Container()
        container.register(RequestSession.self, lifetime: .perRequest) { _ in RequestSession() }
        let first = try container.resolve(RequestSession.self)
        #expect(try container.resolve(RequestSession.self) === first)
        let inRequest = try RequestScope.$current.withValue(RequestScope()) { try container.resolve(RequestSession.self) }
        #expect(inRequest !== first)
        container.reset(.perRequest)
        #expect(try container.resolve(RequestSession.self) !== first)
    }
}

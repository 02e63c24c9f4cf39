import DIContainer
import DIContainerLocking
import DIContainerTesting
import Dispatch
import Testing

/// What the assemblies under test register.
private struct Marker: Sendable {}

private struct AssemblyFailed: Error, Equatable {}

@Suite("OneTimeAssembly")
struct OneTimeAssemblyTests {
    @Test("runs once while other callers, async and blocking, wait for it")
    func runsOnceWhileOthersWait() async throws {
        let runs = Locked(0)
        let (started, starting) = AsyncStream<Void>.makeStream()
        let release = DispatchSemaphore(value: 0)
        let container = Container()
        let assembly = OneTimeAssembly(container: container) { container in
            runs.withLock { $0 += 1 }
            starting.yield()
            release.wait()  // holds the assembly open until the other callers have been started
            container.register(Marker.self, instance: Marker())
        }

        // Each caller reports whether the registration was there when `prepare` returned.
        let (reports, report) = AsyncStream<Bool>.makeStream()
        let blockingCaller = { @Sendable in
            DispatchQueue.global().async {
                report.yield((try? assembly.prepare()) != nil && container.isRegistered(Marker.self))
            }
        }
        blockingCaller()  // the first caller runs the assembly
        for await _ in started { break }
        for _ in 0..<20 {
            Task {
                try await assembly.prepare()
                report.yield(container.isRegistered(Marker.self))
            }
        }
        for _ in 0..<4 { blockingCaller() }
        release.signal()

        var seen: [Bool] = []
        for await registered in reports {
            seen.append(registered)
            if seen.count == 25 { break }
        }
        #expect(seen == Array(repeating: true, count: 25))
        #expect(runs.withLock { $0 } == 1)
        try await assembly.prepare()
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("a failed assembly reports its error to every caller and is not run again")
    func failureIsReportedToEveryone() async throws {
        let runs = Locked(0)
        let assembly = OneTimeAssembly(container: Container()) { _ in
            runs.withLock { $0 += 1 }
            throw AssemblyFailed()
        }
        await #expect(throws: AssemblyFailed()) { try await assembly.prepare() }
        #expect(throws: AssemblyFailed()) { try assembly.prepare() }
        await #expect(throws: AssemblyFailed()) { try await assembly.prepare() }
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("runs on the main actor, outside the override scope of the test that asks first")
    func runsOnTheMainActorOutsideOverrides() async throws {
        let seen = Locked<(onMainActor: Bool, seesOverride: Bool)?>(nil)
        let container = Container()
        let assembly = OneTimeAssembly(container: container) { container in
            seen.withLock { $0 = (MainActorIsolation.isCurrent, container.isRegistered(AssemblyFailed.self)) }
            await Task.yield()  // the closure may await
        }
        try await container.withOverrides(strict: false) {
            $0.register(AssemblyFailed.self, instance: AssemblyFailed())
        } operation: {
            #expect(container.isRegistered(AssemblyFailed.self))
            try await assembly.prepare()  // asked from inside the scope, off the main actor
        }
        let (onMainActor, seesOverride) = try #require(seen.withLock { $0 })
        #expect(onMainActor)
        #expect(!seesOverride)
    }

    @Test("assembles Container.shared by default; asking again changes nothing")
    func sharedByDefault() throws {
        #expect(OneTimeAssembly.fixtures.container === Container.shared)
        // `.assembled(.fixtures)` on the other suites ran it; asking again changes nothing.
        try OneTimeAssembly.fixtures.prepare()
        #expect(Container.shared.isRegistered(Session.self))
    }
}

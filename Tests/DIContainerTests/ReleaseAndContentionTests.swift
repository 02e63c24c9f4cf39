import DIContainer
import Foundation
import Locking
import Testing

/// Regression tests for the engine's behaviours: releasing replaced registrations, depth on
/// small stacks, refusing `async` registrations synchronously, task-local overrides, contention.
@Suite("Release, small stacks and contention")
struct ReleaseAndContentionTests {
    final class Payload: Sendable {
        static let alive = Counter()
        static let released = Counter()
        let bytes: [UInt8]

        init() {
            bytes = [UInt8](repeating: 1, count: 64 * 1024)
            Self.alive.increment()
        }

        deinit { Self.released.increment() }
    }

    @Test("re-registering a singleton 100,000 times releases every replaced registration and its instance")
    func reRegistrationReleasesReplacedInstances() throws {
        let container = Container()
        let before = (Payload.alive.value, Payload.released.value)
        for _ in 0..<100_000 {
            container.register(Payload.self, lifetime: .singleton) { _ in Payload() }
            _ = try container.resolve(Payload.self)
        }
        #expect(Payload.alive.value - before.0 == 100_000)
        // Every instance but the current registration's is gone (memory stays flat).
        #expect(settle { Payload.released.value - before.1 == 99_999 })
        #expect(Payload.released.value - before.1 == 99_999)
        container.removeAll()
        #expect(settle { Payload.released.value - before.1 == 100_000 })
    }

    @Test("a replaced registration still in use by a resolution in flight is released when it ends")
    func replacedWhileInFlight() throws {
        final class Holder: Sendable {
            static let released = Counter()
            deinit { Self.released.increment() }
        }
        let container = Container()
        let inside = Counter()
        container.register(Holder.self, lifetime: .singleton) { [unowned container] _ in
            inside.increment()
            // Replaced while its own factory runs.
            container.register(Holder.self, lifetime: .singleton) { _ in Holder() }
            return Holder()
        }
        do {
            // The replaced registration's slot closed under the build: the resolution in flight
            // answers with what is registered now, and the instance built for the old one ends.
            let first = try container.resolve(Holder.self)
            let second = try container.resolve(Holder.self)
            #expect(first === second)
        }
        #expect(inside.value == 1)
        // The instance built for the replaced registration went with it; the kept one is the current one's.
        #expect(settle { Holder.released.value == 1 })
        #expect(Holder.released.value == 1)
    }

    @Test("on 64 and 128 KiB threads a runaway chain stops with an error, and every chain that fits resolves")
    func depthOnSmallStacks() async throws {
        let runaway = Container()
        runaway.registerChain(length: 100_000)
        var limits: [Int: Int] = [:]
        for kibibytes in [64, 128] {
            let short = Container()
            short.registerChain(length: 8)
            // A short chain fits (a step takes a few KiB even in a debug build); the runaway one
            // stops where the stack runs out, with an error instead of a crash; then a chain
            // exactly as deep as the runaway one got resolves on the same thread: nothing that
            // fits is refused.
            // Under the address sanitizer, whose frames are several times larger, the threads get
            // 128 times the stack (8 and 16 MiB): sizes no other test's thread has, as a new thread
            // may get the cached stack of an exited one up to four times the size asked (glibc).
            let stackSize = kibibytes * 1024 * (runsUnderAddressSanitizer ? 128 : 1)
            let outcome = await onThread(stackSize: stackSize) { () -> (Int?, String, Int?) in
                let length = try? short.resolve(Chain.self, name: "0").length
                do {
                    _ = try runaway.resolve(Chain.self, name: "0")
                    return (length, "resolved", nil)
                } catch let error as ResolutionError {
                    guard case .depthLimitExceeded(let limit) = error.kind else { return (length, "\(error)", nil) }
                    let fitting = Container()
                    fitting.registerChain(length: limit)
                    return (length, "\(limit)", try? fitting.resolve(Chain.self, name: "0").length)
                } catch {
                    return (length, "\(error)", nil)
                }
            }
            #expect(outcome.0 == 8)
            let limit = try #require(Int(outcome.1), "the runaway chain on \(kibibytes) KiB ended with \(outcome.1)")
            #expect(limit >= 8)
            limits[kibibytes] = limit
            // The thread sanitizer gives threads stacks of its own: what fits varies from thread
            // to thread and from step to step there, so only the error (not the exact depth) is
            // checked under it.
            if !runsUnderThreadSanitizer {
                #expect(outcome.2 == limit)
            }
        }
        // The limit follows the stack: twice the stack holds more than twice the steps (the reserve
        // kept free is the same 16 KiB), so the guard does not refuse steps that fit.
        if !runsUnderThreadSanitizer {
            let small = try #require(limits[64])
            let large = try #require(limits[128])
            #expect(large >= 2 * small)
        }
    }

    @Test("a synchronous resolve of an async singleton is refused before and after it was built")
    func asyncSingletonRefusedConsistently() async throws {
        let container = Container()
        container.register(DependencyImpl.self, lifetime: .singleton) { _ async in DependencyImpl() }
        #expect(throws: ResolutionError.self) { try container.resolve(DependencyImpl.self) }
        let built = try await container.resolveAsync(DependencyImpl.self)
        let error = try #require(throws: ResolutionError.self) { try container.resolve(DependencyImpl.self) }
        guard case .asyncFactory = error.kind else {
            Issue.record("expected asyncFactory, got \(error.kind)")
            return
        }
        #expect(try await container.resolveAsync(DependencyImpl.self) === built)
    }

    @Test("a Task started inside withOverrides sees the overrides after the scope ended, with no other scope open")
    func taskKeepsItsScope() async throws {
        final class Mock: Dependency {}
        let container = Container()
        container.register((any Dependency).self) { _ in DependencyImpl() }
        let (stream, release) = AsyncStream.makeStream(of: Void.self)
        let task = try container.withOverrides {
            $0.register((any Dependency).self) { _ in Mock() }
        } operation: {
            Task {
                for await _ in stream { break }
                return try container.resolve((any Dependency).self)
            }
        }
        release.yield()
        #expect(try await task.value is Mock)
        #expect(try container.resolve((any Dependency).self) is DependencyImpl)
    }

    @Test("first resolves held at a gate inside the factory race: one build, every thread gets it")
    func gatedSingletonRace() throws {
        for _ in 0..<10 {
            let container = Container()
            let calls = Counter()
            let gate = DispatchSemaphore(value: 0)
            let started = DispatchSemaphore(value: 0)
            container.register(DependencyImpl.self, lifetime: .singleton) { _ in
                calls.increment()
                gate.wait()
                return DependencyImpl()
            }
            let results = ThreadResults()
            let threads = 8
            let done = DispatchGroup()
            for _ in 0..<threads {
                done.enter()
                Thread {
                    started.signal()
                    do { results.append(ObjectIdentifier(try container.resolve(DependencyImpl.self))) } catch { results.fail(error) }
                    done.leave()
                }.start()
            }
            for _ in 0..<threads { started.wait() }
            gate.signal()
            done.wait()
            #expect(results.errors.isEmpty)
            #expect(Set(results.values).count == 1)
            #expect(results.values.count == threads)
            #expect(calls.value == 1)
        }
    }

    @Test("100 tasks held at a gate inside an async singleton's factory: one build, every task gets it")
    func gatedAsyncSingletonRace() async throws {
        let container = Container()
        let calls = Counter()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        container.register(DependencyImpl.self, lifetime: .singleton) { _ async in
            calls.increment()
            for await _ in gate { break }
            return DependencyImpl()
        }
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(try await container.resolveAsync(DependencyImpl.self)) }
            }
            open.yield()
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
        #expect(calls.value == 1)
    }
}

/// Waits, without sleeping, until `done` holds: each lookup ends a reclamation read, and so
/// releases what replaced registrations left behind once no read that might still see it — a
/// parallel test's, on another thread — is running. `false` if it never held.
func settle(_ done: () -> Bool) -> Bool {
    for _ in 0..<100_000 {
        if done() { return true }
        _ = Container().isRegistered(Int.self)
        sched_yield()
    }
    return done()
}

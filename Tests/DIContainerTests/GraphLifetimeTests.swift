import DIContainer
import DIContainerLocking
import Dispatch
import Foundation
import Testing

/// How many instances of `Tracked` are alive.
private final class LiveCount: Sendable {
    private let count = Locked(0)

    var value: Int { count.withLock { $0 } }

    func add(_ delta: Int) {
        count.withLock { $0 += delta }
    }
}

/// A service that counts itself alive, holding what it was built on.
private final class Tracked: Sendable {
    let live: LiveCount
    let parts: [Tracked]

    init(_ live: LiveCount, parts: [Tracked] = []) {
        self.live = live
        self.parts = parts
        live.add(1)
    }

    deinit {
        live.add(-1)
    }
}

/// What a factory that resolves one service many times at once builds.
private final class Fan: Sendable {
    let parts: [Tracked]
    init(parts: [Tracked]) { self.parts = parts }
}

/// A value service, kept boxed by a resolution; `identity` tells its builds apart.
private struct Stamp: Sendable {
    let identity: Int
}

/// A class-bound protocol: its existential is not a class, so it is kept boxed too.
private protocol Marker: AnyObject, Sendable {}
private final class MarkerImpl: Marker {}

@Suite("Graph lifetime: one instance per top-level resolve")
struct GraphLifetimeTests {
    private static let levels = 40

    /// Registers `levels` graph services named "0"…"39": each depends on the one before and on one
    /// shared service.
    private func chainContainer(live: LiveCount, builds: Counter) -> Container {
        let container = Container()
        container.register(Tracked.self, name: "shared", lifetime: .graph) { _ in
            builds.increment()
            return Tracked(live)
        }
        for level in 0..<Self.levels {
            container.register(Tracked.self, name: Name("\(level)"), lifetime: .graph) { r in
                let shared = try r.resolve(Tracked.self, name: "shared")
                guard level > 0 else { return Tracked(live, parts: [shared]) }
                return Tracked(live, parts: [try r.resolve(Tracked.self, name: Name("\(level - 1)")), shared])
            }
        }
        return container
    }

    @Test("a resolve keeping many graph services shares each one, and releases all when it ends")
    func manyInstances() throws {
        let live = LiveCount()
        let builds = Counter()
        let container = chainContainer(live: live, builds: builds)
        // Asking the shared one again from the top level after the chain: it must come from the
        // slots past the first chunk too.
        container.register(Tracked.self, name: "top", lifetime: .transient) { r in
            let chain = try r.resolve(Tracked.self, name: Name("\(Self.levels - 1)"))
            let again = try r.resolve(Tracked.self, name: Name("\(Self.levels - 1)"))
            let first = try r.resolve(Tracked.self, name: "0")
            return Tracked(live, parts: [chain, again, first])
        }
        do {
            let top = try container.resolve(Tracked.self, name: "top")
            #expect(builds.value == 1)
            #expect(live.value == Self.levels + 2)
            #expect(top.parts[0] === top.parts[1])
            var node = top.parts[0]
            while node.parts.count == 2 {
                #expect(node.parts[1] === top.parts[2].parts[0])
                node = node.parts[0]
            }
            #expect(node === top.parts[2])
        }
        #expect(live.value == 0)
        // The thread's resolution reuses its slots: a second resolve builds everything anew.
        let second = try container.resolve(Tracked.self, name: "top")
        #expect(builds.value == 2)
        #expect(live.value == Self.levels + 2)
        _ = second
    }

    @Test("graph instances of value types and of class-bound existentials are shared like objects")
    func boxedInstances() throws {
        final class Pair: Sendable {
            let stamps: (Stamp, Stamp)
            let markers: (any Marker, any Marker)
            init(stamps: (Stamp, Stamp), markers: (any Marker, any Marker)) {
                self.stamps = stamps
                self.markers = markers
            }
        }
        let builds = Counter()
        let container = Container()
        container.register(Stamp.self, lifetime: .graph) { _ in Stamp(identity: builds.increment()) }
        container.register((any Marker).self, lifetime: .graph) { _ in MarkerImpl() }
        container.register(Pair.self) { r in
            Pair(
                stamps: (try r.resolve(Stamp.self), try r.resolve(Stamp.self)),
                markers: (try r.resolve((any Marker).self), try r.resolve((any Marker).self)))
        }
        let first = try container.resolve(Pair.self)
        let second = try container.resolve(Pair.self)
        #expect(first.stamps.0.identity == first.stamps.1.identity)
        #expect(first.markers.0 === first.markers.1)
        #expect(second.stamps.0.identity == second.stamps.1.identity)
        #expect(second.stamps.0.identity != first.stamps.0.identity)
        #expect(second.markers.0 !== first.markers.0)
    }

    @Test("steps resolving one graph service on many threads at once all get the instance kept first")
    func concurrentThreads() throws {
        let live = LiveCount()
        let gate = DispatchSemaphore(value: 0)
        let waiting = Counter()
        let threads = 8
        let container = Container()
        container.register(Tracked.self, lifetime: .graph) { _ in
            // Every thread builds before any keeps: the keeps race.
            if waiting.increment() < threads {
                gate.wait()
            } else {
                for _ in 1..<threads { gate.signal() }
            }
            return Tracked(live)
        }
        container.register(Fan.self) { r in
            let parts = Locked<[Tracked]>([])
            let done = DispatchSemaphore(value: 0)
            for _ in 0..<threads {
                Thread {
                    if let part = try? r.resolve(Tracked.self) { parts.withLock { $0.append(part) } }
                    done.signal()
                }.start()
            }
            for _ in 0..<threads { done.wait() }
            return Fan(parts: parts.withLock { $0 })
        }
        let fan = try container.resolve(Fan.self)
        #expect(fan.parts.count == threads)
        #expect(Set(fan.parts.map(ObjectIdentifier.init)).count == 1)
        #expect(waiting.value == threads)
        // The builds that lost were released (the threads' closures may still hold the winner).
        #expect(live.value == 1)
    }

    @Test("threads keeping different graph services at once: each kept once, all found again")
    func concurrentThreadsManyServices() throws {
        let threads = 6
        let perThread = 8
        let live = LiveCount()
        let builds = Counter()
        let container = Container()
        let names = (0..<threads).map { thread in (0..<perThread).map { Name("t\(thread)-\($0)") } }
        for name in names.joined() {
            container.register(Tracked.self, name: name, lifetime: .graph) { _ in
                builds.increment()
                return Tracked(live)
            }
        }
        container.register(Fan.self) { r in
            let gate = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            let got = Locked<[String: Tracked]>([:])
            for thread in 0..<threads {
                Thread {
                    gate.wait()
                    // Each thread also asks for another thread's services, so keeps of one
                    // registration race as well.
                    for name in names[thread] + names[(thread + 1) % threads] {
                        if let part = try? r.resolve(Tracked.self, name: name) {
                            let kept = got.withLock { $0[name.rawValue, default: part] }
                            if kept !== part { got.withLock { $0["mismatch \(name.rawValue)"] = part } }
                            got.withLock { $0[name.rawValue] = kept }
                        }
                    }
                    done.signal()
                }.start()
            }
            for _ in 0..<threads { gate.signal() }
            for _ in 0..<threads { done.wait() }
            // Found again on this thread: lookups reach the slots of later chunks.
            let again = try names.joined().map { try r.resolve(Tracked.self, name: $0) }
            let seen = got.withLock { $0 }
            return Fan(
                parts: again + names.joined().compactMap { seen[$0.rawValue] } + seen.filter { $0.key.hasPrefix("mismatch") }.map(\.value))
        }
        let total = threads * perThread
        let fan = try container.resolve(Fan.self)
        // Two threads asking for one service at once may both build it (the first kept wins, as
        // the test above requires): every registration is built at least once, and every thread
        // got the instance kept.
        #expect(builds.value >= total)
        #expect(fan.parts.count == 2 * total)
        for index in 0..<total {
            #expect(fan.parts[index] === fan.parts[total + index])
        }
        #expect(Set(fan.parts.map(ObjectIdentifier.init)).count == total)
    }

    @Test("child tasks of an async factory resolving one graph service get one instance")
    func concurrentChildTasks() async throws {
        let live = LiveCount()
        let container = Container()
        container.register(Tracked.self, lifetime: .graph) { _ in Tracked(live) }
        container.register(Fan.self) { r async throws in
            let parts = try await withThrowingTaskGroup(of: Tracked.self) { group in
                for _ in 0..<16 {
                    group.addTask { try await r.resolveAsync(Tracked.self) }
                }
                var parts: [Tracked] = []
                for try await part in group { parts.append(part) }
                return parts
            }
            return Fan(parts: parts)
        }
        let fan = try await container.resolveAsync(Fan.self)
        #expect(fan.parts.count == 16)
        #expect(Set(fan.parts.map(ObjectIdentifier.init)).count == 1)
        #expect(live.value == 1)
    }

    @Test("a graph service re-registered while an async resolve runs: each step gets its own registration's instance")
    func reregisteredDuringAsyncResolve() async throws {
        final class Both: Sendable {
            let before: Tracked
            let after: Tracked
            init(before: Tracked, after: Tracked) {
                self.before = before
                self.after = after
            }
        }
        let live = LiveCount()
        let container = Container()
        container.register(Tracked.self, lifetime: .graph) { _ in Tracked(live) }
        // `unowned`: a factory keeping its own container strongly is a reference cycle.
        container.register(Both.self) { [unowned container] r async throws in
            let before = try await r.resolveAsync(Tracked.self)
            container.register(Tracked.self, lifetime: .graph) { _ in Tracked(live, parts: [Tracked(live)]) }
            await Task.yield()
            let after = try await r.resolveAsync(Tracked.self)
            return Both(before: before, after: after)
        }
        let both = try await container.resolveAsync(Both.self)
        #expect(both.before.parts.isEmpty)
        #expect(both.after.parts.count == 1)
    }

    @Test(
        "a graph service registered again and again during one async resolve: each step gets its own registration's instance, though replaced registrations are freed meanwhile"
    )
    func manyReregistrationsDuringAsyncResolve() async throws {
        final class Marked: Sendable {
            let mark: Int
            init(_ mark: Int) { self.mark = mark }
        }
        let container = Container()
        container.register(Marked.self, lifetime: .graph) { _ in Marked(0) }
        // `unowned`: a factory keeping its own container strongly is a reference cycle.
        container.register([Int].self) { [unowned container] r async throws in
            var marks: [Int] = []
            for index in 1...200 {
                container.register(Marked.self, lifetime: .graph) { _ in Marked(index) }
                await Task.yield()
                marks.append(try await r.resolveAsync(Marked.self).mark)
            }
            return marks
        }
        #expect(try await container.resolveAsync([Int].self) == Array(1...200))
    }
}

import DIContainer
import DIContainerLocking
import Foundation
import Testing

/// Threads and tasks racing every part of the engine at once, in bounded rounds: resolves of every
/// lifetime, re-registrations, resets, `removeAll()` on a child, short-lived threads, and tasks
/// escaped from `withOverrides`. Nothing may fail but a child's own registration missing after
/// its `removeAll()`, and every replaced instance must be released.
@Suite("Engine stress")
struct EngineStressTests {
    /// Resolves one `LiveObject` of every lifetime, and handles to two of them.
    private final class Assortment: Sendable {
        let parts: [LiveObject]
        let lazy: Lazy<LiveObject>
        let provider: Provider<LiveObject>

        init(parts: [LiveObject], lazy: Lazy<LiveObject>, provider: Provider<LiveObject>) {
            self.parts = parts
            self.lazy = lazy
            self.provider = provider
        }
    }

    private static let names: [Name] = ["transient", "graph", "singleton", "weak", "scoped", "custom"]
    private static let childName: Name = "child"
    private static let rounds = 150

    private let live = LiveCounter()
    private let clock = ManualClock()
    private let unexpected = Locked<[String]>([])
    private let root = Container()
    private let child: Container

    init() {
        child = Container(parent: root)
    }

    private var lifetimes: [Lifetime] {
        [
            .transient, .graph, .singleton, .weak, .scoped("stress"),
            .custom("stress expiring") { [clock] in ExpiringStorage(clock: clock, lifespan: 3) },
        ]
    }

    private func register(_ index: Int) {
        root.register(LiveObject.self, name: Self.names[index], lifetime: lifetimes[index]) { [live] _ in LiveObject(live) }
    }

    private func registerAssortment() {
        root.register(Assortment.self) { r in
            Assortment(
                parts: try Self.names.map { try r.resolve(LiveObject.self, name: $0) },
                lazy: try r.resolve(Lazy<LiveObject>.self, name: "graph"),
                provider: try r.resolve(Provider<LiveObject>.self, name: "singleton"))
        }
    }

    private func registerChild() {
        child.register(LiveObject.self, name: Self.childName, lifetime: .singleton) { [live] _ in LiveObject(live) }
    }

    /// Runs `body`, recording any error but a missing registration where one may be missing.
    private func attempt(missingAllowed: Bool = false, _ body: () throws -> Void) {
        do {
            try body()
        } catch let error as ResolutionError {
            if missingAllowed, case .notRegistered = error.kind { return }
            unexpected.withLock { $0.append("\(error)") }
        } catch {
            unexpected.withLock { $0.append("\(error)") }
        }
    }

    /// One round of resolves of everything `container` can answer.
    private func resolveEverything(from container: Container) {
        attempt {
            for name in Self.names {
                _ = try container.resolve(LiveObject.self, name: name)
            }
            let assortment = try container.resolve(Assortment.self)
            _ = try assortment.lazy.instance
            _ = try assortment.provider.instance
            _ = try container.resolve(Provider<LiveObject>.self, name: "weak").instance
        }
    }

    /// The work of thread `index`.
    private func work(_ index: Int) {
        for round in 0..<Self.rounds {
            switch index {
            case 0, 1, 2:
                resolveEverything(from: root)
            case 3:
                resolveEverything(from: child)
                attempt(missingAllowed: true) { _ = try child.resolve(LiveObject.self, name: Self.childName) }
            case 4:
                register(round % Self.names.count)
                if round % 10 == 0 { registerAssortment() }
            case 5:
                root.reset(lifetimes[round % lifetimes.count])
                child.reset(.singleton, of: LiveObject.self)
                if round % 3 == 0 { clock.advance() }
            case 6:
                child.removeAll()
                attempt(missingAllowed: true) { _ = try child.resolve(LiveObject.self, name: Self.childName) }
                registerChild()
                attempt { _ = try child.resolve(LiveObject.self, name: Self.childName) }
            default:
                if round % 5 == 0 { spawnShortLivedThreads(count: 10) }
            }
        }
    }

    /// Starts `count` threads that each resolve a few services, and waits for them.
    private func spawnShortLivedThreads(count: Int) {
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            Thread {
                attempt {
                    _ = try root.resolve(LiveObject.self, name: Self.names[index % Self.names.count])
                    _ = try child.resolve(Assortment.self)
                    _ = try root.resolve(LiveObject.self, name: "singleton")
                }
                done.leave()
            }.start()
        }
        done.wait()
    }

    /// Tasks started inside `withOverrides` that outlive their scope, resolving under it.
    private func escapeTasksFromOverrides(rounds: Int) async {
        for _ in 0..<rounds {
            let task: Task<Bool, Never>
            do {
                task = try root.withOverrides {
                    $0.register(LiveObject.self, name: "singleton", lifetime: .singleton) { [live] _ in LiveObject(live) }
                } operation: {
                    Task {
                        var sameSingleton = false
                        attempt {
                            let first = try root.resolve(LiveObject.self, name: "singleton")
                            let assortment = try root.resolve(Assortment.self)
                            let provided = try assortment.provider.instance
                            sameSingleton = assortment.parts[2] === first && provided === first
                            resolveEverything(from: child)
                        }
                        return sameSingleton
                    }
                }
            } catch {
                unexpected.withLock { $0.append("\(error)") }
                continue
            }
            if await !task.value { unexpected.withLock { $0.append("an escaped task saw another singleton than its scope's") } }
        }
    }

    @Test("threads and tasks racing resolves, re-registrations, resets and removeAll: no errors, nothing leaked")
    func everythingAtOnce() async throws {
        for index in Self.names.indices {
            register(index)
        }
        registerAssortment()
        registerChild()

        let threads = 8
        let done = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for index in 0..<threads {
            done.enter()
            Thread {
                start.wait()
                work(index)
                done.leave()
            }.start()
        }
        for _ in 0..<threads { start.signal() }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { await escapeTasksFromOverrides(rounds: 25) }
            }
        }
        await withCheckedContinuation { continuation in
            done.notify(queue: .global()) { continuation.resume() }
        }

        let errors = unexpected.withLock { $0 }
        #expect(errors.isEmpty, "\(errors.count) unexpected errors, first: \(errors.first ?? "")")
        // What is left: the root's singleton, scoped and custom instances, the child's singleton.
        #expect(live.value <= 4, "\(live.value) instances alive")
        root.removeAll()
        child.removeAll()
        #expect(live.value == 0, "\(live.value) instances alive after removeAll")
    }

    @Test("a resolve racing removeAll and re-registration of its key fails only as notRegistered")
    func missingKeyRaceIsNotRegistered() {
        let parent = Container()
        let racing = Container(parent: parent)
        let rounds = 20_000
        let misreports = Locked<[String]>([])
        runOnThreads(
            2,
            { index in
                for _ in 0..<rounds {
                    if index == 0 {
                        racing.removeAll()
                        racing.register(DependencyImpl.self, name: "racing") { _ in DependencyImpl() }
                    } else {
                        do {
                            _ = try racing.resolve(DependencyImpl.self, name: "racing")
                        } catch let error as ResolutionError {
                            if case .notRegistered = error.kind { continue }
                            misreports.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }, onError: { error in misreports.withLock { $0.append("\(error)") } })
        let found = misreports.withLock { $0 }
        #expect(found.isEmpty, "\(found.count) misreported misses, first: \(found.first ?? "")")
    }
}

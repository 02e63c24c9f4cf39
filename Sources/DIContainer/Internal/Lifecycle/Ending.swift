import DIContainerLocking

/// A kept instance waiting for its registration's `onShutdown` hooks: made when a store keeps an
/// instance of a registration that has hooks, run once when the instance's lifetime ends (its
/// scope closes, `reset` drops it, `shutdown` runs).
struct Ending: Sendable {
    let entry: Entry
    /// The instance, boxed: strongly, or weakly for a `weak` store (a released instance has
    /// nothing left to shut down).
    let instance: InstanceBox
    let hooks: [Entry.ShutdownHook]
    /// When it was kept: endings run newest first unless the dependencies say more.
    let sequence: UInt64

    /// The ending of `instance`, just kept by a store of `entry`; `nil` when there is nothing to
    /// run (no hooks, or a `weak` store and a value that cannot be held weakly).
    init?(_ entry: Entry, instance: InstanceBox, weakly: Bool) {
        let hooks = entry.shutdownHooks
        guard !hooks.isEmpty, let held = weakly ? instance.weakened() : instance else { return nil }
        (self.entry, self.instance, self.hooks) = (entry, held, hooks)
        sequence = Ending.counter.withLock { counter in
            counter += 1
            return counter
        }
    }

    private static let counter = Locked<UInt64>(0)

    /// `endings` in the order they run: dependents before their dependencies (what each factory
    /// was seen to ask for), otherwise the newest first.
    static func ordered(_ endings: [Ending]) -> [Ending] {
        let endings = endings.sorted { $0.sequence > $1.sequence }
        var byKey: [Key: [Int]] = [:]
        for (index, ending) in endings.enumerated() { byKey[ending.entry.key, default: []].append(index) }
        // An edge from each ending to those of the registrations its factory asked for.
        var dependents = [Int](repeating: 0, count: endings.count)
        var dependencies = [[Int]](repeating: [], count: endings.count)
        for (index, ending) in endings.enumerated() {
            for key in Set((ending.entry.knownDependencies ?? []).map(\.key)) {
                for dependency in byKey[key] ?? [] where endings[dependency].entry !== ending.entry {
                    dependencies[index].append(dependency)
                    dependents[dependency] += 1
                }
            }
        }
        // The newest ending that no remaining one depends on, again and again (in a cycle: the newest).
        var isDone = [Bool](repeating: false, count: endings.count)
        var ordered: [Ending] = []
        ordered.reserveCapacity(endings.count)
        while ordered.count < endings.count {
            guard let next = endings.indices.first(where: { !isDone[$0] && dependents[$0] == 0 }) ?? isDone.firstIndex(of: false)
            else { break }
            isDone[next] = true
            ordered.append(endings[next])
            for dependency in dependencies[next] { dependents[dependency] -= 1 }
        }
        return ordered
    }

    /// Runs the hooks of `endings`, dependents first, one at a time; a hook still running at
    /// `deadline` is abandoned, and those not started by then are skipped.
    static func run(_ endings: [Ending], until deadline: ContinuousClock.Instant?) async -> ShutdownReport {
        var report = ShutdownReport()
        for ending in ordered(endings) {
            guard let instance = ending.instance.strengthened else { continue }
            let service = ending.entry.service
            for hook in ending.hooks {
                if let deadline, ContinuousClock.now >= deadline {
                    report.skipped.append(service)
                    continue
                }
                switch await run(hook, on: instance, until: deadline) {
                case .completed: report.completed.append(service)
                case .failed(let error): report.failures.append(.init(service: service, error: error))
                case .abandoned: report.abandoned.append(service)
                }
            }
        }
        return report
    }

    /// Ends a scope (`withScope`, `withOverrides`) whose operation ended: runs the hooks of
    /// `endings`; when the operation succeeded (`reporting`), a hook that failed throws
    /// `ShutdownError`, else the operation's own error is what the caller throws. Runs in the
    /// caller's isolation: a scope with nothing to shut down switches no executor.
    static func close(_ endings: [Ending], reporting: Bool, isolation: isolated (any Actor)? = #isolation) async throws {
        guard !endings.isEmpty else { return }
        let report = await run(endings, until: nil)
        if reporting, !report.isClean { throw ShutdownError(report: report) }
    }

    /// Runs the hooks of `endings` in the background: a `reset` that nobody awaits.
    static func runInBackground(_ endings: [Ending]) {
        guard !endings.isEmpty else { return }
        Task { _ = await run(endings, until: nil) }
    }

    private enum Outcome: Sendable {
        case completed
        case failed(any Error)
        case abandoned
    }

    /// Runs `hook` on `instance`; past `deadline`, stops waiting for it (it goes on, abandoned).
    private static func run(
        _ hook: @escaping Entry.ShutdownHook, on instance: InstanceBox, until deadline: ContinuousClock.Instant?
    ) async -> Outcome {
        guard let deadline else { return await outcome(of: hook, on: instance) }
        return await withCheckedContinuation { continuation in
            let pending = Locked<CheckedContinuation<Outcome, Never>?>(continuation)
            let resume: @Sendable (Outcome) -> Void = { outcome in
                pending.withLock { pending in
                    pending?.resume(returning: outcome)
                    pending = nil
                }
            }
            // The hook's task is made first, so that a busy pool starts it before the timer's.
            let race = Locked<(timer: Task<Void, Never>?, isDone: Bool)>((nil, false))
            Task {
                resume(await outcome(of: hook, on: instance))
                race.withLock { race in
                    race.isDone = true
                    race.timer?.cancel()
                }
            }
            let timer = Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                resume(.abandoned)
            }
            race.withLock { race in
                if race.isDone { timer.cancel() } else { race.timer = timer }
            }
        }
    }

    private static func outcome(of hook: Entry.ShutdownHook, on instance: InstanceBox) async -> Outcome {
        do {
            try await hook(instance)
            return .completed
        } catch {
            return .failed(error)
        }
    }
}

import DIContainerLocking

/// A kept instance waiting for its registration's `onShutdown` hooks: made when a store keeps an
/// instance of a registration that has hooks, run once when the instance's lifetime ends (its
/// scope closes, `reset` drops it, its registration is replaced or removed, `shutdown` runs). It
/// belongs to the store that keeps the instance, and to nothing else. A class: the stores and the
/// steps that pass one on (most often `nil`) then copy a reference, not the record.
final class Ending: Sendable {
    let entry: Entry
    /// The instance, boxed: strongly, or weakly for a `weak` store (a released instance has
    /// nothing left to shut down).
    let instance: InstanceBox
    let hooks: [Entry.ShutdownHook]
    /// The registrations that asked for it, directly or through services in between, when it was
    /// built: the path above its step, and the registration that made the handle (`Lazy`,
    /// `Provider`) whose read built it. Their endings run first.
    let consumers: [Key]
    /// Where the registrations its factory asked for are looked up, to follow them (the
    /// registry of the container that built it, then its ancestors'); `nil` for an instance an
    /// open scope keeps, whose endings run where a container closes the scope and lends its own
    /// (`run(_:reason:until:registered:in:)`). Weak, and the registry's rather than the
    /// container's: a weak reference gives its object a side table, which would put every later
    /// retain and release of the container, on every resolve, on the runtime's slower path.
    weak let registry: Registry?
    /// When it was kept: endings run newest first unless the dependencies say more.
    let sequence: UInt64

    private init(
        _ entry: Entry, instance: InstanceBox, hooks: [Entry.ShutdownHook], consumers: [Key], registry: Registry?
    ) {
        (self.entry, self.instance, self.hooks, self.consumers, self.registry) = (entry, instance, hooks, consumers, registry)
        sequence = Ending.nextSequence()
    }

    /// The ending of `instance`, just built by `step` for `entry` and kept in `store`; `nil` when
    /// there is nothing to run (no hooks, or a `weak` store and a value that cannot be held
    /// weakly). A factory rather than a failable initializer: a class's failable initializer
    /// allocates before it fails, and most builds have no hooks.
    static func made(
        _ entry: Entry, instance: InstanceBox, in store: any InstanceStorage, builtBelow parent: Step?, in resolution: Resolution
    ) -> Ending? {
        let hooks = entry.shutdownHooks
        guard !hooks.isEmpty, let held = hold(instance, in: store) else { return nil }
        var consumers = resolution.origin
        var step = parent
        while let consumer = step {
            consumers.append(consumer.entry.key)
            step = consumer.parent
        }
        return Ending(entry, instance: held, hooks: hooks, consumers: consumers, registry: lookup(in: resolution.container, keptIn: store))
    }

    /// The ending of `instance`, kept in `store` for `entry` before `hooks` were added to its
    /// registration (an `onShutdown` added after the first build): nothing is known of who asked
    /// for it. `nil` as for `made(_:instance:in:builtBelow:in:)`.
    static func adopting(
        _ instance: InstanceBox, of entry: Entry, hooks: [Entry.ShutdownHook], in store: any InstanceStorage, in container: Container
    ) -> Ending? {
        guard !hooks.isEmpty, let held = hold(instance, in: store) else { return nil }
        return Ending(entry, instance: held, hooks: hooks, consumers: [], registry: lookup(in: container, keptIn: store))
    }

    /// The registry an ending kept in `store` keeps for its lookups: none for an open scope's
    /// store (see `registry`).
    private static func lookup(in container: Container, keptIn store: any InstanceStorage) -> Registry? {
        type(of: store) == OpenScope.Store.self ? nil : container.registry
    }

    /// `instance` as its ending holds it: weakly for a `weak` store (`nil` when the value cannot
    /// be held weakly), else as it is. The store's type is compared, not cast: this runs for
    /// every kept instance with hooks.
    private static func hold(_ instance: InstanceBox, in store: any InstanceStorage) -> InstanceBox? {
        type(of: store) == WeakStorage.self ? instance.weakened() : instance
    }

    private static let counter = Locked<UInt64>(0)

    /// The next ending's place in time: newer endings run first, unless the dependencies say more.
    private static func nextSequence() -> UInt64 {
        counter.withLock { counter in
            counter += 1
            return counter
        }
    }

    /// Runs the hooks of `endings`, dependents before their dependencies: each ending starts once
    /// the endings that depend on it ended, so a slow or stuck hook holds back only what it
    /// depends on. A hook's own timeout (`onShutdown(timeout:)`) abandons it; at `deadline`, what
    /// still runs is abandoned and what has not started is skipped, each named in the report.
    static func run(
        _ endings: [Ending], reason: ShutdownReason, until deadline: ContinuousClock.Instant?,
        registered: [Key: Entry] = [:], in container: Container? = nil, isolation: isolated (any Actor)? = #isolation
    ) async -> ShutdownReport {
        var report = ShutdownReport()
        // One ending: nothing to order, so it runs right here (its hooks each within the deadline).
        if endings.count == 1, let ending = endings.first {
            if let deadline, ContinuousClock.now >= deadline {
                report.skippedEntries += ending.hooks.map { _ in ending.entry }
            } else {
                await ending.runHooks(reason: reason, until: deadline, into: &report)
            }
            return report
        }
        guard !endings.isEmpty else { return report }
        let graph = EndingGraph(endings, registered: registered, in: container)
        let (events, yield) = AsyncStream.makeStream(of: Event.self)
        var started = [Bool](repeating: false, count: endings.count)
        var running = 0
        var finished = 0
        func startReady() {
            for index in graph.ready(started: started) {
                started[index] = true
                running += 1
                let ending = endings[index]
                Task {
                    var partial = ShutdownReport()
                    await ending.runHooks(reason: reason, until: deadline, into: &partial)
                    yield.yield(.ended(index, partial))
                }
            }
        }
        let timer = deadline.map { deadline in
            Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                yield.yield(.deadline)
            }
        }
        startReady()
        for await event in events {
            switch event {
            case .ended(let index, let partial):
                report.merge(partial)
                running -= 1
                finished += 1
                graph.ended(index)
                startReady()
            case .deadline:
                for index in endings.indices where !graph.isEnded(index) {
                    let service = endings[index].entry
                    if started[index] { report.abandonedEntries.append(service) } else { report.skippedEntries.append(service) }
                }
                finished = endings.count
            }
            if finished == endings.count { break }
        }
        yield.finish()
        timer?.cancel()
        return report
    }

    private enum Event: Sendable {
        case ended(Int, ShutdownReport)
        case deadline
    }

    /// Runs this ending's hooks one at a time, in the order added, each until its own timeout.
    private func runHooks(reason: ShutdownReason, until deadline: ContinuousClock.Instant?, into report: inout ShutdownReport) async {
        guard let instance = instance.strengthened else { return }
        for hook in hooks {
            let until = hook.timeout.map { timeout in min(ContinuousClock.now + timeout, deadline ?? .now + timeout) } ?? deadline
            guard let until else {
                // No limit: the hook runs right here, in this task.
                do {
                    try await hook.run(instance, reason)
                    report.completedEntries.append(entry)
                } catch {
                    report.failureEntries.append((entry, error))
                }
                continue
            }
            switch await Ending.within(until, { await Ending.outcome(of: hook, on: instance, reason: reason) }) {
            case .completed: report.completedEntries.append(entry)
            case .failed(let error): report.failureEntries.append((entry, error))
            case nil: report.abandonedEntries.append(entry)
            }
        }
    }

    /// Ends a scope (`withScope`, `withOverrides`) whose operation ended: runs the hooks of
    /// `endings`; when the operation succeeded (`reporting`), a hook that failed throws
    /// `ShutdownError`, else the operation's own error is what the caller throws. Runs in the
    /// caller's isolation: a scope with nothing to shut down switches no executor.
    static func close(
        _ endings: [Ending], reason: ShutdownReason, reporting: Bool, in container: Container,
        isolation: isolated (any Actor)? = #isolation
    ) async throws {
        guard !endings.isEmpty else { return }
        var report = ShutdownReport()
        if endings.count == 1 {
            // A request's usual case: one instance with hooks, nothing to order.
            await endings[0].runHooks(reason: reason, until: nil, into: &report)
        } else {
            report = await run(endings, reason: reason, until: nil, in: container)
        }
        if reporting, !report.isClean { throw ShutdownError(report: report) }
    }

    private enum Outcome: Sendable {
        case completed
        case failed(any Error)
    }

    private static func outcome(of hook: Entry.ShutdownHook, on instance: InstanceBox, reason: ShutdownReason) async -> Outcome {
        do {
            try await hook.run(instance, reason)
            return .completed
        } catch {
            return .failed(error)
        }
    }

    /// What `operation` returns, or `nil` once `deadline` passed first (the operation goes on,
    /// no longer waited for). The operation runs in a task of its own, started on this thread
    /// where the platform allows (`Task.immediate`), so that one that does not suspend ends
    /// before this returns; the deadline is watched by `DeadlineWatch`.
    static func within<T: Sendable>(
        _ deadline: ContinuousClock.Instant, _ operation: @escaping @Sendable () async -> T
    ) async -> T? {
        let answer = FirstAnswer<T?>()
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            Task.immediate { answer.give(await operation()) }
        } else {
            Task { answer.give(await operation()) }
        }
        if let given = answer.given { return given }
        let watch = DeadlineWatch.shared.watch(deadline) { answer.give(nil) }
        let value = await answer.value
        DeadlineWatch.shared.forget(watch)
        return value
    }
}

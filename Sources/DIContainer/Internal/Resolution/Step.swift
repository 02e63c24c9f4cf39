import DIContainerLocking
import Synchronization

/// One step of a resolution: building one registration's instance. It is the resolver the
/// factory (or an `initCompleted` hook) receives: what the factory resolves through it continues
/// the resolution below this step — same path for errors and cycles, same `graph` instances,
/// same test overrides. Used after the factory returned, it starts a new resolution in its
/// container, which it keeps alive.
final class Step: Sendable {
    let entry: Entry
    let parent: Step?
    let resolution: Resolution
    /// The step whose `async` factory runs in the calling task, for a resolution the factory
    /// starts (through a container it captured) to know what it runs inside of.
    @TaskLocal static var building: Step?

    /// 1 for the top-level step.
    let depth: Int
    /// The `filterBit`s of the entries on the path: a clear bit proves an entry is not on it,
    /// so that most steps check for a cycle without walking the path.
    let inFlight: UInt64
    /// The stack of the thread the step runs on, for the steps below it on that thread.
    let stack: StackBounds
    /// Whether the step runs `entry`'s hooks rather than its factory.
    private let isHook: Bool
    /// What the factory asks for, while its registration is still learning it.
    private let recorded: Locked<[Dependency]>?
    /// Bit 0: the factory (or hook) returned (set alone, by `finish`); bit 1: it read `requester`
    /// though its instance is kept (`Step+Requester`), checked before `finish`.
    let marks = Atomic<UInt8>(0)

    /// - Parameter isLearned: The registry knows that `entry`'s factory learned its dependencies:
    ///   the table (and its process-wide lock) need not be asked.
    init(entry: Entry, parent: Step?, resolution: Resolution, stack: StackBounds, isHook: Bool = false, isLearned: Bool = false) {
        self.entry = entry
        self.parent = parent
        self.resolution = resolution
        self.stack = stack
        self.isHook = isHook
        depth = (parent?.depth ?? 0) + 1
        inFlight = (parent?.inFlight ?? 0) | entry.filterBit
        let learns =
            !isLearned && (resolution.isDryRun || entry.learnsOnRuns) && resolution.learns(entry)
            && LearnedDependencies.shared.isLearning(entry, hooks: isHook)
        recorded = learns ? Locked([]) : nil
    }

    /// The container the resolution started at, which every step resolves from.
    var container: Container { resolution.container }

    /// Whether the factory (or hook) returned: the resolver then starts new resolutions.
    var isFinished: Bool { marks.load(ordering: .acquiring) & 1 != 0 }

    /// Ends the step, keeping what it asked for when its registration learns its dependencies.
    func finish(succeeded: Bool) {
        marks.store(1, ordering: .releasing)
        guard let recorded else { return }
        let dependencies = recorded.withLock { $0 }
        if isHook {
            if succeeded { LearnedDependencies.shared.learnHooks(dependencies, of: entry) }
        } else {
            LearnedDependencies.shared.learn(dependencies, of: entry, complete: succeeded)
            // Only a transient runs again and again (a kept registration builds rarely, a `graph` one
            // once per resolve, past the steps that read the mark), and a marked registration's
            // lookups cost a comparison more.
            if succeeded, entry.learnsOnRuns, case .transient = entry.lifetime { resolution.container.registry.markLearned(entry) }
        }
    }

    /// Notes that the factory asked for `dependency` (only while its registration learns).
    func record(_ dependency: @autoclosure () -> Dependency) {
        guard let recorded else { return }
        let dependency = dependency()
        recorded.withLock { if !$0.contains(dependency) { $0.append(dependency) } }
    }

    /// The services from the top-level request down to this step.
    var path: [ServiceKey] { sequence(first: self, next: \.parent).map(\.entry.service).reversed() }

    /// Throws a circular-dependency error when building `entry` below `parent` would close a
    /// loop: `entry` is being built on the path already.
    static func checkCycle(_ entry: Entry, below parent: Step?) throws {
        guard let parent, parent.inFlight & entry.filterBit != 0 else { return }
        var step: Step? = parent
        while let current = step {
            if current.entry === entry {
                let path = parent.path + [entry.service]
                throw ResolutionError(.circularDependency(cycle: Array(path.dropFirst(current.depth - 1))), path: path)
            }
            step = current.parent
        }
    }

    /// Runs the hooks waiting in `pending`, with a step below the one that built the instance.
    static func runHooks(_ pending: Resolution.PendingHooks, in resolution: Resolution) throws {
        let parent = pending.parent
        try checkCycle(pending.entry, below: parent)
        let step = Step(
            entry: pending.entry, parent: parent, resolution: resolution,
            stack: StackBounds.current(below: parent), isHook: true)
        do {
            let thread = ThreadState.current
            let outer = thread.setRunning(step)
            defer { thread.running = outer }
            for hook in pending.hooks {
                try hook(step, pending.instance.value)
            }
        } catch {
            step.finish(succeeded: false)
            if let exhausted = error as? StackExhausted { throw exhausted.error }
            if let refusal = error as? Refusal {
                throw ResolutionError(refusal.kind, path: step.path, registrationSite: pending.entry.site)
            }
            if error is ResolutionError || error is CancellationError { throw error }
            throw ResolutionError(.initCompletedFailed(underlying: error), path: step.path, registrationSite: pending.entry.site)
        }
        step.finish(succeeded: true)
    }
}

/// A synchronous step refused for want of stack. It carries the step instead of a
/// `ResolutionError` because making the error's text takes stack of its own: the resolution's
/// first step, near the top of the stack, turns it into one.
struct StackExhausted: Error {
    let parent: Step?
    let entry: Entry

    var error: ResolutionError {
        ResolutionError(.depthLimitExceeded(limit: parent?.depth ?? 0), path: (parent?.path ?? []) + [entry.service])
    }
}

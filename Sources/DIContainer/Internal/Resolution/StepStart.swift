import DIContainerLocking

/// The parts of a step that do not depend on how its factory is called.
struct StepStart {
    let entry: Entry
    let parent: Step?
    let resolution: Resolution
    let started: UInt64

    init(_ entry: Entry, parent: Step?, resolution: Resolution) {
        self.entry = entry
        self.parent = parent
        self.resolution = resolution
        started = resolution.isTraced ? Container.tracingClock() : 0
    }

    /// Checks what must hold before anything is reused or built, and finds where the instance is
    /// kept across resolutions: `nil` for `transient` and `graph` (whose instances the resolution
    /// keeps); an override scope's own, but for ready-made instances.
    func prepare() throws -> Slot? {
        if entry.isMainActor, !MainActorIsolation.isCurrent {
            throw ResolutionError(.mainActorRequired, path: (parent?.path ?? []) + [entry.service], registrationSite: entry.site)
        }
        guard let slot = entry.slot else { return nil }
        if let parent { try Self.checkCaptive(entry, below: parent, isDryRun: resolution.isDryRun) }
        if let scope = resolution.scope, !entry.isInstance {
            // What `start()` built is the app's, seen under overrides that do not replace it.
            if entry.isEager, !scope.replaces(entry), slot.storage.current.instance != nil { return slot }
            return scope.slot(for: entry)
        }
        // An inspection's dry run builds what is not kept yet for itself only, as a transient.
        if resolution.discardsInstances, slot.storage.current.instance == nil { return nil }
        return slot
    }

    /// Whether to reuse the kept instance, build, or wait.
    func next(slot: Slot) throws -> Slot.Claim {
        let store = slot.storage.current
        if let kept = Kept(in: store) { return .built(kept) }
        if store === OpenScope.closed || store === OpenScope.unopened { throw notOpen(afterScope: store === OpenScope.closed) }
        // Checked before claiming the build: this resolution may be the builder.
        try Step.checkCycle(entry, below: parent)
        return slot.claim(in: store, by: resolution.id)
    }

    /// Runs the synchronous factory in a new step.
    func build<S, Args>(_: S.Type, _ arguments: Args) throws -> S {
        try Self.build(S.self, entry, parent: parent, resolution: resolution, arguments)
    }

    /// Runs `entry`'s synchronous factory (and its decorators) in a new step below `parent`.
    /// Static, so that a step of a registration that keeps nothing makes no `StepStart`: each of
    /// its references costs a retain and a release on every step.
    static func build<S, Args>(
        _: S.Type, _ entry: Entry, parent: Step?, resolution: Resolution, _ arguments: Args, isLearned: Bool = false
    ) throws -> S {
        let thread = ThreadState.current
        try Step.checkCycle(entry, below: parent)
        let step = Step(
            entry: entry, parent: parent, resolution: resolution, stack: StackBounds.current(below: parent, on: thread),
            isLearned: isLearned)
        guard step.stack.allowsStep() else { throw StackExhausted(parent: parent, entry: entry) }
        let outer = thread.setRunning(step)
        defer { thread.running = outer }
        var made: S
        do {
            made = try entry.factory(S.self, Args.self).make(step, arguments)
            if entry.additions != nil { made = try decorate(made, entry, step) }
            try step.checkRequesterRead()
        } catch {
            throw fail(step, error)
        }
        step.finish(succeeded: true)
        return made
    }

    /// `build` for an `async` factory; `isLearned`: the registry knows that a transient's factory
    /// learned its dependencies (`Step.init`).
    func buildAsync<S, Args>(_: S.Type, _ arguments: Args, isLearned: Bool = false) async throws -> S {
        try Step.checkCycle(entry, below: parent)
        let step = Step(
            entry: entry, parent: parent, resolution: resolution, stack: StackBounds.current(below: parent), isLearned: isLearned)
        guard step.depth <= StepStart.asyncDepthLimit else {
            throw ResolutionError(.depthLimitExceeded(limit: step.depth - 1), path: step.path)
        }
        var made: S
        do {
            made = try await Step.$building.withValue(step) { try await entry.factory(S.self, Args.self).makeAsync(step, arguments) }
            if entry.additions != nil { made = try Self.decorate(made, entry, step) }
            try step.checkRequesterRead()
        } catch {
            throw Self.fail(step, error)
        }
        step.finish(succeeded: true)
        return made
    }

    /// Hands out a new `graph` instance, which the resolution keeps from now on (or the one a
    /// concurrent step of the resolution kept first).
    func keep<S>(_ made: S) throws -> S {
        let kept = resolution.keepGraphInstance(InstanceBox(made), of: entry)
        if kept.isNew { return end(made, slot: nil, created: true) }
        return end(try unbox(kept.box, as: S.self), slot: nil, created: false)
    }

    /// The instance in a box the store kept; a store that hands back anything else (a custom
    /// storage that made up a value) fails the step.
    func unbox<S>(_ kept: Kept, as _: S.Type) throws -> S {
        guard case .box(let box) = kept else { throw foreignInstance() }
        return try unbox(box, as: S.self)
    }

    /// The instance in a box the resolution kept (`graph`).
    func unbox<S>(_ kept: InstanceBox, as _: S.Type) throws -> S {
        try cast(kept.value, to: S.self) { throw foreignInstance() }
    }

    private func foreignInstance() -> ResolutionError {
        ResolutionError(.factoryFailed(underlying: ForeignInstance()), path: (parent?.path ?? []) + [entry.service])
    }

    /// Whether the registration's instances are the resolution's (`graph`).
    var isGraph: Bool { if case .graph = entry.lifetime { true } else { false } }

    /// How deep an `async` resolution may go: its steps do not grow a thread's stack, so only a
    /// runaway factory gets there.
    static let asyncDepthLimit = 10_000

    /// Hands out `value`: queues a new one for its hooks, and reports a traced step.
    func end<S>(_ value: consuming S, slot: Slot?, created: Bool) -> S {
        if created, entry.additions != nil { Self.queueHooks(of: value, entry, parent: parent, resolution: resolution, slot: slot) }
        if started != 0 {
            resolution.container.reportTraced(entry, depth: (parent?.depth ?? 0) + 1, created: created, since: started)
        }
        return value
    }

    /// Queues a new instance of `entry` for its `initCompleted` hooks, if it has some.
    static func queueHooks<S>(of value: S, _ entry: Entry, parent: Step?, resolution: Resolution, slot: Slot?) {
        guard let hooks = entry.additions?.hooks, !hooks.isEmpty else { return }
        let keptIn: Slot? = if case .graph = entry.lifetime { nil } else { slot }
        resolution.queue(
            Resolution.PendingHooks(entry: entry, hooks: hooks, instance: InstanceBox(value), slot: keptIn, parent: parent))
    }

    /// The error for a `.scoped` step where its scope is not open: none is (a scope that exists
    /// only while open), or the task's has closed (work that outlived its `withScope`).
    private func notOpen(afterScope: Bool) -> ResolutionError {
        guard case .scoped(let scope) = entry.lifetime else { return shutDown() }
        var error = ResolutionError(
            .scopeNotOpen(scope: scope), path: (parent?.path ?? []) + [entry.service], registrationSite: entry.site)
        error.isAfterScope = afterScope
        return error
    }

    /// Throws when the nearest step above `dependency`'s that keeps its instance lives longer
    /// than `dependency`'s instance (`Lifespan`), and would keep it past its end. Transient and
    /// `graph` steps keep nothing, so the search goes on above them.
    ///
    /// Validation's dry run checks only consumers kept by the container: it opens a scope of its
    /// own for each scope, nested in no order an app would know.
    static func checkCaptive(_ dependency: Entry, below parent: Step, isDryRun: Bool = false) throws {
        guard case .scoped(let scope) = dependency.lifetime, scope.storage == nil,
            let consumer = sequence(first: parent, next: \.parent).first(where: { $0.entry.keepsInstances })
        else { return }
        // The same scope lives as long (what most scoped steps meet), with no task-local read.
        if case .scoped(let kept) = consumer.entry.lifetime, kept == scope, kept.storage == nil { return }
        guard let kept = Lifespan(of: consumer.entry), let lasts = Lifespan(of: dependency), kept > lasts,
            !isDryRun || kept == .container
        else { return }
        var error = ResolutionError(
            .captiveDependency(consumer: consumer.entry.service, dependency: dependency.service, scope: scope),
            path: parent.path + [dependency.service], registrationSite: consumer.entry.site)
        error.consumerLifetime = kept.description(of: consumer.entry)
        throw error
    }

    /// The error for a step of a container that was shut down.
    func shutDown() -> ResolutionError {
        ResolutionError(.shutDown, path: (parent?.path ?? []) + [entry.service], registrationSite: entry.site)
    }

    /// Throws the circular-dependency error when `builder` builds for a resolution this one runs
    /// inside of — on this thread (a `Provider` or `Lazy` read, a captured container in a factory)
    /// or in this task (an `async` factory): waiting for that build would wait for itself.
    func checkBuilder(_ builder: Slot.Builder) throws {
        var enclosing = resolution.enclosing
        while let step = enclosing {
            if step.resolution.id == builder.id {
                let path = step.path + (parent?.path ?? []) + [entry.service]
                let first = path.firstIndex(of: entry.service) ?? 0
                throw ResolutionError(.circularDependency(cycle: Array(path[first...])), path: path)
            }
            enclosing = step.resolution.enclosing
        }
    }

    /// The error for a resolution that would wait for itself to build `entry`.
    func deadlock() -> any Error {
        ResolutionError(.circularDependency(cycle: [entry.service, entry.service]), path: (parent?.path ?? []) + [entry.service])
    }

    private static func decorate<S>(_ value: S, _ entry: Entry, _ step: Step) throws -> S {
        var value = value
        for decorator in entry.decorators {
            value = try decorator.apply(value, step)
        }
        return value
    }

    /// The error a failed factory (or decorator) makes the step throw.
    private static func fail(_ step: Step, _ error: any Error) -> any Error {
        let entry = step.entry
        step.finish(succeeded: false)
        if let refusal = error as? Refusal { return ResolutionError(refusal.kind, path: step.path, registrationSite: entry.site) }
        if error is ResolutionError || error is StackExhausted || error is CancellationError { return error }
        return ResolutionError(.factoryFailed(underlying: error), path: step.path, registrationSite: entry.site)
    }
}

import DIContainerLocking

/// The resolution engine. A step looks the key up (test overrides first, then this container
/// and its ancestors), finds where the registration's lifetime keeps instances (`Slot`), reuses
/// what is kept or builds it exactly once — checking the path for cycles and the stack for room,
/// running the factory with a new `Step` as its resolver — keeps it, and queues it for its
/// `initCompleted` hooks. The synchronous and `async` steps share every part but the factory
/// call and the wait for another resolution's build.
extension Container {
    // MARK: - Lookup

    /// The registration answering `key` from this container: the test overrides of `scope` that
    /// apply here, innermost first, then this container, then its ancestors (its context variant).
    func entry(for key: Key, scope: OverrideScope?) -> Entry? {
        var isLearned = false
        return entry(for: key, scope: scope, isLearned: &isLearned)
    }

    /// `entry(for:scope:)`, and in `isLearned` whether the registry knows that the registration's
    /// factory learned its dependencies (`Registry.markLearned`), for the step to skip asking.
    func entry(for key: Key, scope: OverrideScope?, isLearned: inout Bool) -> Entry? {
        if let scope, let entry = scope.entry(for: key, from: self) { return entry }
        return registry.answering(key, isLearned: &isLearned)
    }

    // MARK: - Entry points

    /// Resolves `key` synchronously: a dependency of `parent` (or of the factory running on this
    /// thread, when it resolves through a container it captured), or a new resolution.
    func resolve<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step?, dryRun: Resolution.DryRun? = nil) throws -> S {
        if let parent {
            return try step(S.self, key: key, arguments: arguments, parent: parent, resolution: parent.resolution)
        }
        let scope = currentScope
        let thread = ThreadState.current
        if let running = thread.running, running.container === self, running.resolution.scope === scope {
            return try step(S.self, key: key, arguments: arguments, parent: running, resolution: running.resolution)
        }
        guard scope == nil else {
            return try resolveTopLevel(S.self, key: key, arguments: arguments, scope: scope, dryRun: dryRun, thread: thread)
        }
        // Whether tracing is on comes with the registration, under the lookup's lock.
        var isTraced = false
        var isLearned = false
        guard let entry = registry.answering(key, isTraced: &isTraced, isLearned: &isLearned), entry.kind == .sync else {
            return try resolveTopLevel(
                S.self, key: key, arguments: arguments, scope: nil, dryRun: dryRun, isTraced: isTraced, thread: thread)
        }
        // A built singleton needs no resolution. (A kept value that is no `S`, a custom storage's
        // own, goes on to the resolution, which says so.) The cast is `cast(_:to:otherwise:)`
        // written out: its closure would cost this read a few percent.
        if !isTraced, let box = entry.reusableInstance(below: nil) {
            switch box.value {
            case let kept as S: return kept
            default: break
            }
        }
        return try resolveTopLevel(
            S.self, key: key, arguments: arguments, scope: nil, dryRun: dryRun, found: entry, isTraced: isTraced,
            isLearned: isLearned, thread: thread)
    }

    /// A new synchronous resolution of `key` under the test overrides of `scope`; a dry run
    /// (validation's) learns dependencies under overrides too.
    ///
    /// - Parameters:
    ///   - found: The registration for `key`, when the caller looked it up already.
    ///   - isTraced: Whether the container traces, when the caller read it with the registration.
    ///   - isLearned: Whether `found` learned its factory's dependencies (`Registry.markLearned`).
    ///   - thread: The calling thread's state, when the caller has it at hand.
    ///   - requester: The service that made the `Lazy` or `Provider` being read, if one is.
    func resolveTopLevel<S, Args>(
        _: S.Type, key: Key, arguments: Args, scope: OverrideScope?, dryRun: Resolution.DryRun? = nil, found: Entry? = nil,
        isTraced: Bool? = nil, isLearned: Bool = false, thread: ThreadState = .current, origin: [Key] = [],
        requester: RequesterKey? = nil
    ) throws -> S {
        let resolution = Resolution(
            container: self, scope: scope, dryRun: dryRun, isTraced: isTraced, thread: thread, origin: origin,
            requester: requester)
        let value: S
        do {
            if let found {
                value = try step(S.self, entry: found, arguments: arguments, parent: nil, resolution: resolution, isLearned: isLearned)
            } else {
                value = try step(S.self, key: key, arguments: arguments, parent: nil, resolution: resolution)
            }
        } catch {
            throw resolution.failed(error)
        }
        try resolution.returned()
        return value
    }

    /// Resolves `key` in a new resolution, running an `async` factory if the registration has one.
    func resolveAsync<S, Args>(_: S.Type, key: Key, arguments: Args, dryRun: Resolution.DryRun? = nil) async throws -> S {
        let resolution = Resolution(container: self, scope: currentScope, dryRun: dryRun, thread: .current, enclosing: Step.building)
        let value: S
        do {
            value = try await stepAsync(S.self, key: key, arguments: arguments, parent: nil, resolution: resolution)
        } catch {
            throw resolution.failed(error)
        }
        try resolution.returned()
        return value
    }

    // MARK: - Steps

    /// One synchronous step for `key`.
    func step<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step?, resolution: Resolution) throws -> S {
        var isLearned = false
        guard let entry = entry(for: key, scope: resolution.scope, isLearned: &isLearned) else {
            return try resolveUnregistered(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution)
        }
        parent?.record(Dependency(entry))
        guard !entry.isAsync || isBuiltAtStart(entry, parent: parent, resolution: resolution) else {
            throw ResolutionError(.asyncFactory, path: (parent?.path ?? []) + [entry.service], asker: .init(parent?.entry))
        }
        return try step(S.self, entry: entry, arguments: arguments, parent: parent, resolution: resolution, isLearned: isLearned)
    }

    /// One synchronous step for `entry`; `isLearned`: the registry knows that its factory, a
    /// transient's, learned its dependencies.
    func step<S, Args>(
        _: S.Type, entry: Entry, arguments: Args, parent: Step?, resolution: Resolution, isLearned: Bool = false
    ) throws -> S {
        if entry.kind == .forwarding { return try forward(S.self, entry, arguments: arguments, parent: parent, resolution: resolution) }
        // A transient step without tracing needs no `StepStart`: it keeps nothing, and a
        // main-actor factory checks the main actor itself (`MainActorFactory`), refusing with the
        // error `StepStart.prepare` would throw.
        if entry.slot == nil, entry.kind != .async, case .transient = entry.lifetime, !resolution.isTraced {
            let made: S = try StepStart.build(S.self, entry, parent: parent, resolution: resolution, arguments, isLearned: isLearned)
            if entry.additions != nil { StepStart.queueHooks(of: made, entry, parent: parent, resolution: resolution, slot: nil) }
            return made
        }
        // A kept instance a dependency may have with no `StepStart`, by the top level's gate (a
        // top-level step needs no second asking: `resolve` asked before making the resolution).
        if parent != nil, resolution.scope == nil, !resolution.isTraced, let box = entry.reusableInstance(below: parent) {
            switch box.value {
            case let kept as S: return kept
            default: break
            }
        }
        let start = StepStart(entry, parent: parent, resolution: resolution)
        guard let slot = try start.prepare() else {
            guard start.isGraph else { return start.end(try start.build(S.self, arguments), slot: nil, created: true) }
            if let kept = resolution.graphInstance(of: entry) {
                return start.end(try start.unbox(kept, as: S.self), slot: nil, created: false)
            }
            return try start.keep(try start.build(S.self, arguments))
        }
        return try stepStored(S.self, start, slot: slot, arguments: arguments)
    }

    /// Whether `entry`, `async`, is eager and its instance kept (`start()` built it): a
    /// synchronous step then reuses it (one that finds it gone meanwhile throws `asyncFactory`).
    private func isBuiltAtStart(_ entry: Entry, parent: Step?, resolution: Resolution) -> Bool {
        guard entry.isEager, let slot = try? StepStart(entry, parent: parent, resolution: resolution).prepare() else { return false }
        return slot.storage.current.instance != nil
    }

    /// A step of a registration whose lifetime keeps instances: reuse, build exactly once, or wait
    /// for another's build. (Out of line: its locals cost every transient step a metadata lookup.)
    private func stepStored<S, Args>(_: S.Type, _ start: StepStart, slot: Slot, arguments: Args) throws -> S {
        while true {
            switch try start.next(slot: slot) {
            case .built(let kept):
                return start.end(try start.unbox(kept, as: S.self), slot: slot, created: false)
            case .wait(let builder):
                try start.checkBuilder(builder)
                try slot.waitForBuild(by: builder, owner: start.resolution.id, onDeadlock: start.deadlock)
            case .build(let generation):
                // No `S?` here: an optional of a generic type costs a metadata look-up per build.
                let made: S
                do {
                    made = try start.build(S.self, arguments)
                } catch {
                    _ = slot.finish(generation, keeping: nil, by: start)
                    throw error
                }
                if slot.finish(generation, keeping: InstanceBox(made), by: start) {
                    return start.end(made, slot: slot, created: true)
                }
            case .closed(let retired):
                guard retired else { throw start.shutDown() }
                // Replaced or removed while this resolution ran: what answers the key now.
                return try step(S.self, key: start.entry.key, arguments: arguments, parent: start.parent, resolution: start.resolution)
            }
        }
    }

    /// One `async` step for `key`.
    func stepAsync<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step?, resolution: Resolution) async throws -> S {
        var isLearned = false
        guard let entry = entry(for: key, scope: resolution.scope, isLearned: &isLearned) else {
            return try await resolveUnregisteredAsync(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution)
        }
        parent?.record(Dependency(entry))
        guard entry.isAsync || entry.kind == .forwarding else {
            return try step(S.self, entry: entry, arguments: arguments, parent: parent, resolution: resolution, isLearned: isLearned)
        }
        return try await stepAsync(S.self, entry: entry, arguments: arguments, parent: parent, resolution: resolution, isLearned: isLearned)
    }

    /// One `async` step for `entry`, which has an `async` factory; `isLearned` as for `step`.
    func stepAsync<S, Args>(
        _: S.Type, entry: Entry, arguments: Args, parent: Step?, resolution: Resolution, isLearned: Bool = false
    ) async throws -> S {
        if entry.kind == .forwarding {
            return try await forwardAsync(S.self, entry, arguments: arguments, parent: parent, resolution: resolution)
        }
        let start = StepStart(entry, parent: parent, resolution: resolution)
        guard let slot = try start.prepare() else {
            guard start.isGraph else {
                return start.end(try await start.buildAsync(S.self, arguments, isLearned: isLearned), slot: nil, created: true)
            }
            if let kept = resolution.graphInstance(of: entry) {
                return start.end(try start.unbox(kept, as: S.self), slot: nil, created: false)
            }
            return try start.keep(try await start.buildAsync(S.self, arguments))
        }
        while true {
            switch try start.next(slot: slot) {
            case .built(let kept):
                return start.end(try start.unbox(kept, as: S.self), slot: slot, created: false)
            case .wait(let builder):
                try start.checkBuilder(builder)
                try await slot.waitForBuild(by: builder, owner: resolution.id, onDeadlock: start.deadlock)
            case .build(let generation):
                do {
                    let made = try await start.buildAsync(S.self, arguments)
                    if slot.finish(generation, keeping: InstanceBox(made), by: start) {
                        return start.end(made, slot: slot, created: true)
                    }
                } catch {
                    _ = slot.finish(generation, keeping: nil, by: start)
                    throw error
                }
            case .closed(let retired):
                guard retired else { throw start.shutDown() }
                return try await stepAsync(S.self, key: entry.key, arguments: arguments, parent: parent, resolution: resolution)
            }
        }
    }
}

extension Container {
    // MARK: - Forwarded types

    /// A step of a forwarded type (`Registration.implements`): the registration it forwards to,
    /// stepped below it, its instance handed out as `S`. The forwarded type's step is on the
    /// path, for errors and tracing, but is no cycle of its own: only its target can be.
    func forward<S, Args>(_: S.Type, _ alias: Entry, arguments: Args, parent: Step?, resolution: Resolution) throws -> S {
        let target = try forwardingTarget(of: alias, parent: parent)
        let (start, step) = forwardingStep(alias, parent: parent, resolution: resolution)
        do {
            guard !target.isAsync else {
                throw ResolutionError(
                    .asyncFactory, path: step.path + [target.service], asker: .init(parent?.entry), isForwarded: true)
            }
            let value = try target.stepForwarded(arguments: arguments, parent: step, resolution: resolution)
            step.finish(succeeded: true)
            return start.end(try forwarded(value, as: S.self, from: target, in: step), slot: nil, created: false)
        } catch {
            step.finish(succeeded: false)
            throw error
        }
    }

    /// `forward` in an `async` resolve, where the target may be `async`.
    func forwardAsync<S, Args>(_: S.Type, _ alias: Entry, arguments: Args, parent: Step?, resolution: Resolution) async throws -> S {
        let target = try forwardingTarget(of: alias, parent: parent)
        let (start, step) = forwardingStep(alias, parent: parent, resolution: resolution)
        do {
            let value = try await target.stepForwardedAsync(arguments: arguments, parent: step, resolution: resolution)
            step.finish(succeeded: true)
            return start.end(try forwarded(value, as: S.self, from: target, in: step), slot: nil, created: false)
        } catch {
            step.finish(succeeded: false)
            throw error
        }
    }

    private func forwardingStep(_ alias: Entry, parent: Step?, resolution: Resolution) -> (StepStart, Step) {
        let step = Step(entry: alias, parent: parent, resolution: resolution, stack: StackBounds.current(below: parent))
        return (StepStart(alias, parent: parent, resolution: resolution), step)
    }

    /// The registration `alias` answers with, in the task's contexts.
    private func forwardingTarget(of alias: Entry, parent: Step?) throws -> Entry {
        guard let target = alias.forwardingTarget else {
            throw ResolutionError(.notRegistered, path: (parent?.path ?? []) + [alias.service], registrationSite: alias.site)
        }
        return target.answering
    }

    private func forwarded<S>(_ value: Any, as _: S.Type, from target: Entry, in step: Step) throws -> S {
        try cast(value, to: S.self) {
            throw ResolutionError(
                .forwardingMismatch(target: target.service, instanceType: displayName(of: type(of: value))),
                path: step.path, registrationSite: target.site)
        }
    }
}

extension Entry {
    /// The instance kept for this registration, boxed, where a resolve may hand it out with no
    /// step (the caller checks that no override scope applies and nothing traces): only a
    /// synchronous registration's, and below a step not a `.scoped` one's, whose consumer the
    /// step checks for a captive dependency first. Whatever is not kept (not built yet, dropped
    /// by a reset, a shutdown or a replacement) takes the step, which builds it or says why not.
    func reusableInstance(below parent: Step?) -> InstanceBox? {
        guard kind == .sync, let slot else { return nil }
        // `ScopedStorage`: a `.scoped` lifetime's own (a scope with a storage of its own keeps no
        // captive rule).
        if parent != nil, slot.storage is ScopedStorage { return nil }
        guard case .box(let box)? = Kept(in: slot.storage.current) else { return nil }
        return box
    }
}

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

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

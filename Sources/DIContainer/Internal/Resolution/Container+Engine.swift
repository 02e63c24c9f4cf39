/// The resolution engine: one description of a step for synchronous and `async` resolves.
///
/// A step looks the key up (test overrides first, then this container and its ancestors), asks
/// the registration where its lifetime keeps instances (`Entry.store(in:)`), reuses what is there
/// or builds it — checking the path for cycles and the stack for room, running the factory with
/// the step's `Frame` as its resolver — and keeps it. The synchronous and `async` forms differ only
/// in `try` and `try await`. A key nothing answers goes to `resolveUnregistered` (optional
/// resolve, else the error); a new instance of a registration with `initCompleted` hooks is
/// queued, and the top-level step runs the hooks once its own instance is kept
/// (`Container+Completion.swift`).
///
/// The generic functions here run unspecialized (resolves arrive through `any Resolver`), so they
/// avoid types derived from `S` (`S?`, `InstanceBox<S>`) on the common path: each derived type
/// costs a metadata lookup per call. The stored lifetimes, which need them, are out of line.
extension Container {
    /// The registration answering `key` from this container: the test overrides of `scope` that
    /// apply here, innermost first, then this container, then its ancestors.
    func entry(for key: Key, scope: OverrideScope?, context: ThreadContext = .current) -> Entry? {
        if let scope, let entry = scope.entry(for: key, from: self) {
            return entry
        }
        return lineageEntry(for: key, context: context)
    }

    /// The registration for `key` in this container or its ancestors (no test overrides).
    @inline(__always)
    func lineageEntry(for key: Key, context: ThreadContext) -> Entry? {
        publishStaleTables()
        context.beginRead()
        let found = unretainedLineageEntry(for: key)?.takeUnretainedValue()
        context.endRead()
        return found
    }

    /// The registration for `key` in this container or its ancestors, unretained: only inside a
    /// reclamation read, for the top-level fast path (no test overrides). Call
    /// `publishStaleTables()` before the read.
    @inline(__always)
    func unretainedLineageEntry(for key: Key) -> Unmanaged<Entry>? {
        var container = Unmanaged.passUnretained(self)
        while true {
            let (found, parent) = container._withUnsafeGuaranteedRef {
                ($0.registry.unretainedEntry(for: key), $0.parent.map(Unmanaged.passUnretained))
            }
            if let found { return found }
            guard let parent else { return nil }
            container = parent
        }
    }

    /// Publishes the lookup tables of this container and its ancestors that registrations made
    /// stale.
    @inline(__always)
    func publishStaleTables() {
        var container = Unmanaged.passUnretained(self)
        while true {
            let parent = container._withUnsafeGuaranteedRef {
                $0.registry.publishIfStale()
                return $0.parent.map(Unmanaged.passUnretained)
            }
            guard let parent else { return }
            container = parent
        }
    }

    /// The step a captured container continues: the synchronous factory running on this thread,
    /// when it belongs to a resolution of this container under the same test overrides.
    @inline(__always)
    private func continuedStep(in context: ThreadContext) -> Frame? {
        guard let running = context.runningFactory, running.resolution.container === self,
            running.resolution.scope === currentScope
        else { return nil }
        return running
    }

    // MARK: - Synchronous

    /// Resolves `key` synchronously: a dependency of `parent`'s factory (or of the factory running
    /// on this thread), or a new resolution.
    ///
    func resolve<S, Args>(
        _: S.Type, key: Key, arguments: Args, parent: Frame?, traced: Bool = true, context: ThreadContext? = nil
    ) throws -> S {
        let context = context ?? ThreadContext.current(key: threadKey).takeUnretainedValue()
        guard let parent = parent ?? continuedStep(in: context) else {
            return try resolveTopLevel(
                S.self, key: key, arguments: arguments, scope: currentScope, traced: traced, context: context, found: nil)
        }
        return try parent.withResolution { resolution in
            try resolve(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution, context: context)
        }
    }

    /// A new synchronous resolution of `key` under the test overrides of `scope`.
    ///
    /// - Parameter found: The registration for `key`, when the caller has looked it up already
    ///   (outside any test-override scope, inside the reclamation read that keeps it valid).
    func resolveTopLevel<S, Args>(
        _: S.Type, key: Key, arguments: Args, scope: OverrideScope?, traced: Bool, context: ThreadContext,
        found: Unmanaged<Entry>?
    ) throws -> S {
        try context.withResolution(of: self, scope: scope, isTraced: traced && tracing.isEnabled) { resolution in
            do {
                let value: S
                if let found, !found._withUnsafeGuaranteedRef({ $0.isAsync }) {
                    value = try found._withUnsafeGuaranteedRef {
                        try resolve(S.self, entry: $0, arguments: arguments, parent: nil, resolution: resolution, context: context)
                    }
                } else {
                    value = try resolve(S.self, key: key, arguments: arguments, parent: nil, resolution: resolution, context: context)
                }
                try completePending(in: resolution, context: context)
                return value
            } catch {
                throw failPending(in: resolution, context: context, error: error)
            }
        }
    }

    /// Resolves `key` synchronously as a dependency of `parent`'s factory, in its resolution.
    /// Nothing is retained: the step holds its resolution, which holds its container, and the
    /// thread holds its context.
    @inline(__always)
    static func resolveDependency<S, Args>(_: S.Type, key: Key, arguments: Args, of parent: Frame) throws -> S {
        try parent.withResolution { resolution in
            try resolution.unretainedContainer._withUnsafeGuaranteedRef { container in
                try parent.callersContext(key: container.threadKey)._withUnsafeGuaranteedRef { context in
                    try container.resolve(
                        S.self, key: key, arguments: arguments, parent: parent, resolution: resolution, context: context)
                }
            }
        }
    }

    /// Continues `resolution` with a step for `key` below `parent` (at its top when `nil`): how a
    /// `Lazy` builds, later, what the step that made it asked for.
    func resolve<S, Args>(
        _: S.Type, key: Key, arguments: Args, continuing resolution: Resolution, below parent: Frame?
    ) throws -> S {
        let context = ThreadContext.current
        do {
            return try resolve(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution, context: context)
        } catch let exhausted as StackExhausted where context.runningFactory == nil {
            // No step of this thread is left to turn it into a `ResolutionError`.
            throw exhausted.error
        }
    }

    /// One synchronous step for `key`.
    @inline(__always)
    func resolve<S, Args>(
        _: S.Type, key: Key, arguments: Args, parent: Frame?, resolution: Resolution, context: ThreadContext
    ) throws -> S {
        if !resolution.hasScope, context.isReading {
            // Inside the read this thread's top-level resolve keeps open: the registration stays
            // valid until that read ends, after this step, so it is used unretained.
            publishStaleTables()
            guard let found = unretainedLineageEntry(for: key) else {
                return try resolveUnregistered(
                    S.self, key: key, arguments: arguments, parent: parent, resolution: resolution, context: context)
            }
            return try found._withUnsafeGuaranteedRef {
                try resolve(S.self, found: $0, arguments: arguments, parent: parent, resolution: resolution, context: context)
            }
        }
        let found =
            resolution.hasScope
            ? entry(for: key, scope: resolution.scope, context: context) : lineageEntry(for: key, context: context)
        guard let entry = consume found else {
            return try resolveUnregistered(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution, context: context)
        }
        return try resolve(S.self, found: entry, arguments: arguments, parent: parent, resolution: resolution, context: context)
    }

    /// One synchronous step for `entry`, which was looked up for the step.
    @inline(__always)
    private func resolve<S, Args>(
        _: S.Type, found entry: Entry, arguments: Args, parent: Frame?, resolution: Resolution, context: ThreadContext
    ) throws -> S {
        parent?.record(Dependency(entry))
        guard !entry.isAsync else { throw Self.asyncFactoryRefused(entry, below: parent) }
        return try resolve(S.self, entry: entry, arguments: arguments, parent: parent, resolution: resolution, context: context)
    }

    /// The error for a synchronous resolve of `entry`, which has an `async` factory. Out of line,
    /// like every error of a step, so that a step takes little stack.
    @inline(never)
    static func asyncFactoryRefused(_ entry: Entry, below parent: Frame?) -> ResolutionError {
        ResolutionError(.asyncFactory, path: (parent?.path ?? []) + [entry.service])
    }

    /// One synchronous step for `entry`.
    @inline(__always)
    func resolve<S, Args>(
        _: S.Type, entry: Entry, arguments: Args, parent: Frame?, resolution: Resolution, context: ThreadContext
    ) throws -> S {
        if entry.isMainActor { try entry.requireMainActor(below: parent) }
        // Untraced steps without `initCompleted` hooks of the two lifetimes whose store does not
        // depend on test overrides go straight to it; everything else takes the general step.
        if !resolution.isTraced, !entry.completion.isActive {
            switch entry.storage {
            case .none:
                return try build(S.self, entry, arguments, parent, resolution, context)
            case .perResolution:
                var created = false
                return try resolveInResolution(
                    S.self, entry: entry, arguments: arguments, parent: parent, resolution: resolution, context: context,
                    created: &created)
            case .cell, .weak:
                break
            }
        }
        return try resolveStored(
            S.self, entry: entry, store: entry.store(in: resolution), arguments: arguments, parent: parent,
            resolution: resolution, context: context)
    }

    /// A synchronous step of a lifetime that keeps instances, or a traced one.
    @inline(never)
    private func resolveStored<S, Args>(
        _: S.Type, entry: Entry, store: InstanceStore, arguments: Args, parent: Frame?, resolution: Resolution,
        context: ThreadContext
    ) throws -> S {
        let start = resolution.isTraced ? tracing.now() : 0
        var created = false
        let value: S
        switch store {
        case .none:
            created = true
            value = try build(S.self, entry, arguments, parent, resolution, context)
        case .resolution:
            value = try resolveInResolution(
                S.self, entry: entry, arguments: arguments, parent: parent, resolution: resolution, context: context,
                created: &created)
        case .cell(let cell):
            (value, created) = try resolveInCell(
                S.self, entry: entry, cell: cell, arguments: arguments, parent: parent, resolution: resolution, context: context)
        case .weak(let cell):
            (value, created) = try resolveWeak(
                S.self, entry: entry, cell: cell, arguments: arguments, parent: parent, resolution: resolution, context: context)
        }
        if created, entry.completion.isActive {
            queueCompletion(of: value, entry: entry, store: store, parent: parent, resolution: resolution)
        }
        if start != 0 {
            tracing.report(entry, depth: (parent?.depth ?? 0) + 1, created: created, since: start)
        }
        return value
    }

    /// A synchronous step of a `graph` registration: the instance `resolution` keeps, else a new
    /// one it keeps from now on (`created` is set), or the one a concurrent step kept first.
    @inline(never)
    private func resolveInResolution<S, Args>(
        _: S.Type, entry: Entry, arguments: Args, parent: Frame?, resolution: Resolution, context: ThreadContext,
        created: inout Bool
    ) throws -> S {
        if let kept = resolution.graphInstance(of: entry) { return entry.graphValue(kept, as: S.self) }
        let made = try build(S.self, entry, arguments, parent, resolution, context)
        if let first = Self.keepGraphInstance(made, of: entry, in: resolution) { return entry.graphValue(first, as: S.self) }
        created = true
        return made
    }

    /// A synchronous step of a registration kept in `cell` (`singleton`, `scoped`): the instance
    /// there, else one built exactly once. Out of line because waiting for a build costs its
    /// callers stack and metadata lookups.
    @inline(never)
    private func resolveInCell<S, Args>(
        _: S.Type, entry: Entry, cell: InstanceCell, arguments: Args, parent: Frame?, resolution: Resolution,
        context: ThreadContext
    ) throws -> (S, isNew: Bool) {
        if let box = context.read({ cell.unretainedInstance()?.takeUnretainedValue() }) {
            return (box.value(as: S.self), false)
        }
        // Checked before waiting for a build: this resolution may be the builder.
        try Frame.checkCycle(entry, below: parent)
        let (box, isNew) = try cell.instance(
            owner: resolution.owner, onDeadlock: { Self.deadlock(entry, parent) },
            make: { entry.box(try build(S.self, entry, arguments, parent, resolution, context)) })
        return (box.value(as: S.self), isNew)
    }

    /// A synchronous step of a `weak` registration: the instance `cell` holds, else a new one.
    /// Out of line because `S?` costs its callers a metadata lookup per call.
    @inline(never)
    private func resolveWeak<S, Args>(
        _: S.Type, entry: Entry, cell: WeakCell, arguments: Args, parent: Frame?, resolution: Resolution,
        context: ThreadContext
    ) throws -> (S, isNew: Bool) {
        if let existing = cell.object() as? S { return (existing, false) }
        return Self.keepWeak(try build(S.self, entry, arguments, parent, resolution, context), in: cell)
    }

    /// Runs `entry`'s synchronous factory in a new step below `parent`.
    private func build<S, Args>(
        _: S.Type, _ entry: Entry, _ arguments: Args, _ parent: Frame?, _ resolution: Resolution, _ context: ThreadContext
    ) throws -> S {
        guard StackGuard.allowsStep(in: context) else {
            throw StackExhausted(parent: parent, entry: entry)
        }
        let pooled = try context.makeFrame(entry: entry, parent: parent, resolution: resolution)
        let frame = pooled.frameReference
        let outer = context.runningFactoryReference
        context.runningFactoryReference = frame
        let value: S
        do {
            value = try unsafeDowncast(entry, to: FactoryBox<S, Args>.self).make(pooled.resolver, arguments)
        } catch let exhausted as StackExhausted {
            // Unwinds with as little work as possible: the stack is nearly used up.
            context.runningFactoryReference = outer
            context.recycle(consume pooled)
            throw exhausted
        } catch {
            let failure = frame._withUnsafeGuaranteedRef { Self.failed($0, error, restoring: outer, in: context) }
            context.recycle(consume pooled)
            throw failure
        }
        frame._withUnsafeGuaranteedRef { $0.finish(succeeded: true) }
        context.runningFactoryReference = outer
        context.recycle(consume pooled)
        return value
    }

    /// Ends the step of `frame`, whose factory threw `error`, and returns the error its caller
    /// sees. Out of line, so that a step takes little stack.
    @inline(never)
    private static func failed(
        _ frame: Frame, _ error: any Error, restoring outer: Unmanaged<Frame>?, in context: ThreadContext
    ) -> any Error {
        context.runningFactoryReference = outer
        frame.finish(succeeded: false)
        return wrap(error, in: frame)
    }

    // MARK: - Async

    /// Resolves `key`, running an `async` factory if the registration has one.
    func resolveAsync<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Frame?, traced: Bool = true) async throws -> S {
        let resolution =
            parent?.resolution ?? Resolution(container: self, scope: currentScope, isTraced: traced && tracing.isEnabled)
        do {
            let value = try await resolveAsync(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution)
            if parent == nil { try completePending(in: resolution, context: ThreadContext.current) }
            return value
        } catch {
            if parent == nil { throw failPending(in: resolution, context: ThreadContext.current, error: error) }
            throw (error as? StackExhausted)?.error ?? error
        }
    }

    /// One `async` step for `key`.
    func resolveAsync<S, Args>(
        _: S.Type, key: Key, arguments: Args, parent: Frame?, resolution: Resolution
    ) async throws -> S {
        let context = ThreadContext.current
        guard let entry = entry(for: key, scope: resolution.scope, context: context) else {
            return try await resolveUnregistered(S.self, key: key, arguments: arguments, parent: parent, resolution: resolution)
        }
        parent?.record(Dependency(entry))
        guard entry.isAsync else {
            return try resolve(S.self, entry: entry, arguments: arguments, parent: parent, resolution: resolution, context: context)
        }
        return try await resolveAsync(S.self, entry: entry, arguments: arguments, parent: parent, resolution: resolution)
    }

    /// One `async` step for `entry`, which has an `async` factory.
    func resolveAsync<S, Args>(
        _: S.Type, entry: Entry, arguments: Args, parent: Frame?, resolution: Resolution
    ) async throws -> S {
        let start = resolution.isTraced ? tracing.now() : 0
        var created = false
        let value: S
        let store = entry.store(in: resolution)
        switch store {
        case .none:
            created = true
            value = try await build(S.self, entry, arguments, parent, resolution)
        case .resolution:
            if let kept = resolution.graphInstance(of: entry) {
                value = entry.graphValue(kept, as: S.self)
            } else {
                let made = try await build(S.self, entry, arguments, parent, resolution)
                if let first = Self.keepGraphInstance(made, of: entry, in: resolution) {
                    value = entry.graphValue(first, as: S.self)
                } else {
                    created = true
                    value = made
                }
            }
        case .cell(let cell):
            try Frame.checkCycle(entry, below: parent)
            let (box, isNew) = try await cell.instance(
                owner: resolution.owner, onDeadlock: { Self.deadlock(entry, parent) },
                make: { entry.box(try await build(S.self, entry, arguments, parent, resolution)) })
            created = isNew
            value = box.value(as: S.self)
        case .weak(let cell):
            (value, created) = try await resolveWeakAsync(
                S.self, entry: entry, cell: cell, arguments: arguments, parent: parent, resolution: resolution)
        }
        if created, entry.completion.isActive {
            queueCompletion(of: value, entry: entry, store: store, parent: parent, resolution: resolution)
        }
        if start != 0 {
            tracing.report(entry, depth: (parent?.depth ?? 0) + 1, created: created, since: start)
        }
        return value
    }

    /// An `async` step of a `weak` registration, as `resolveWeak` is a synchronous one.
    @inline(never)
    private func resolveWeakAsync<S, Args>(
        _: S.Type, entry: Entry, cell: WeakCell, arguments: Args, parent: Frame?, resolution: Resolution
    ) async throws -> (S, isNew: Bool) {
        if let existing = cell.object() as? S { return (existing, false) }
        return Self.keepWeak(try await build(S.self, entry, arguments, parent, resolution), in: cell)
    }

    /// How deep an `async` resolution may go: its steps do not grow a thread's stack, so only a
    /// runaway factory gets there.
    static let asyncDepthLimit = 10_000

    /// Runs `entry`'s `async` factory in a new step below `parent`.
    private func build<S, Args>(
        _: S.Type, _ entry: Entry, _ arguments: Args, _ parent: Frame?, _ resolution: Resolution
    ) async throws -> S {
        if let parent, parent.depth >= Self.asyncDepthLimit {
            throw ResolutionError(.depthLimitExceeded(limit: parent.depth), path: parent.path + [entry.service])
        }
        let frame = try Frame(entry: entry, parent: parent, resolution: resolution)
        do {
            let value = try await unsafeDowncast(entry, to: AsyncFactoryBox<S, Args>.self).make(frame, arguments)
            frame.finish(succeeded: true)
            return value
        } catch {
            frame.finish(succeeded: false)
            throw Self.wrap(error, in: frame)
        }
    }

    // MARK: - Shared

    /// A synchronous step refused for want of stack. It carries the step instead of a
    /// `ResolutionError` because making the error's text takes stack of its own: the
    /// resolution's first step, near the top of the stack, turns it into one.
    struct StackExhausted: Error {
        let parent: Frame?
        let entry: Entry

        var error: ResolutionError {
            ResolutionError(.depthLimitExceeded(limit: parent?.depth ?? 0), path: (parent?.path ?? []) + [entry.service])
        }
    }

    /// Keeps `made` as `entry`'s `graph` instance in `resolution`; returns `nil` when it is kept,
    /// else the object a concurrent step of the resolution kept first (unretained: the
    /// resolution keeps it).
    @inline(__always)
    private static func keepGraphInstance<S>(_ made: borrowing S, of entry: Entry, in resolution: Resolution)
        -> Unmanaged<AnyObject>?
    {
        let ours = Unmanaged.passRetained(entry.graphObject(copy made))
        let kept = resolution.keepGraphInstance(ours, of: entry)
        return kept.toOpaque() == ours.toOpaque() ? nil : kept
    }

    /// Keeps a weak hold on `made` (class instances only: a value cannot be held weakly) and
    /// returns the instance that is kept, and whether it is `made` (not a concurrent build's).
    private static func keepWeak<S>(_ made: S, in cell: WeakCell) -> (S, isNew: Bool) {
        guard type(of: made as Any) is AnyClass else { return (made, true) }
        let kept = cell.store(made as AnyObject)
        guard kept !== made as AnyObject, let other = kept as? S else { return (made, true) }
        return (other, false)
    }

    /// A factory's error as the caller of `resolve` sees it: errors of nested resolves pass
    /// through with their own (deeper) path; anything else becomes `factoryFailed`.
    private static func wrap(_ error: any Error, in frame: Frame) -> any Error {
        if error is ResolutionError || error is StackExhausted || error is CancellationError { return error }
        return ResolutionError(.factoryFailed(underlying: error), path: frame.path, registrationSite: frame.entry.site)
    }

    /// The error for a resolution that would wait for itself to build `entry`.
    private static func deadlock(_ entry: Entry, _ parent: Frame?) -> any Error {
        ResolutionError(.circularDependency(cycle: [entry.service, entry.service]), path: (parent?.path ?? []) + [entry.service])
    }
}

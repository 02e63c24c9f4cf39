import DIContainerLocking
import Synchronization

/// One top-level resolve, which every step of its graph shares: the test overrides it runs
/// under, its `graph` instances, and the new instances waiting for their `initCompleted` hooks.
/// A `Lazy` made in it keeps it, to share its `graph` instances when read later.
final class Resolution: Sendable {
    /// A new instance waiting for its registration's `initCompleted` hooks.
    struct PendingHooks: Sendable {
        let entry: Entry
        let hooks: [Entry.Hook]
        let instance: InstanceBox
        /// Where the instance is kept, to drop it when a hook fails (`nil` for `graph`).
        let slot: Slot?
        let parent: Step?
    }

    fileprivate struct State: Sendable {
        /// The `graph` instances, boxed, with their registrations: a list, as a resolution keeps few.
        var graph: [GraphInstance] = []
        var pending: [PendingHooks] = []
        /// Whether a `Lazy` was made in this resolution: it may keep the resolution alive from one
        /// of its `graph` instances, which are then held weakly once no entry point runs.
        var hasLazy = false

        /// The kept `graph` instance of `entry`, if it is still alive.
        mutating func instance(of entry: Entry) -> InstanceBox? {
            guard let index = graph.firstIndex(where: { $0.entry === entry }) else { return nil }
            if let box = graph[index].strong ?? graph[index].weak?.strengthened { return box }
            graph.remove(at: index)
            return nil
        }
    }

    /// A `graph` instance: held strongly while an entry point runs; once none does, weakly (values
    /// are dropped) when a `Lazy` was made in the resolution — so that an instance keeping a `Lazy`
    /// of its own resolution is no reference cycle, and a `Lazy` read later still finds the
    /// instance while anybody holds it.
    fileprivate struct GraphInstance: Sendable {
        let entry: Entry
        var strong: InstanceBox?
        var weak: InstanceBox?
    }

    /// The container the resolve started at (which is why a `Lazy` keeps a `Continuation` instead).
    let container: Container
    let scope: OverrideScope?
    let isTraced: Bool
    /// Whether it is validation's dry run, in which every registration learns its dependencies.
    let isDryRun: Bool
    /// Whether it is a dry run that keeps nothing it builds (`registrations`, `graph`): an
    /// instance its store does not keep yet is built for the run only.
    let discardsInstances: Bool
    /// The step running on the thread (or in the task) that started this resolution, if one
    /// did: its builds are this resolution's to never wait for (`StepStart.checkBuilder`).
    let enclosing: Step?
    /// The registrations above the handle (`Lazy`, `Provider`) whose read started this
    /// resolution: what it builds is theirs too, for the order of endings.
    let origin: [Key]
    /// The mutable part: `graph` instances and waiting hooks (shared with a `Lazy`'s continuation).
    private let state: Locked<State>
    /// Whether a step kept a `graph` instance, queued hooks or made a `Lazy`: until one does, an
    /// entry point ends without taking the lock.
    private let isTouched = Atomic<Bool>(false)
    /// The service that made the `Lazy` or `Provider` whose read started this resolution: who
    /// asked, for its top-level step (`Step.requester`); else `nil`.
    let requester: RequesterKey?

    /// A new resolution, started by the thread `thread` is the state of; a dry run (validation's)
    /// is never traced.
    ///
    /// - Parameter isTraced: Whether the container traces, when the caller read it with the
    ///   registration (`Registry.answering(_:isTraced:)`); else it is read here.
    init(
        container: Container, scope: OverrideScope?, dryRun: DryRun?, isTraced: Bool? = nil, thread: ThreadState,
        enclosing: Step? = nil, origin: [Key] = [], requester: RequesterKey? = nil
    ) {
        self.requester = requester
        let isDryRun = dryRun != nil
        id = thread.nextResolutionID()
        self.enclosing = enclosing ?? thread.running
        self.origin = origin
        self.container = container
        self.scope = scope
        self.isTraced = !isDryRun && (isTraced ?? container.registry.isTraced)
        self.isDryRun = isDryRun
        discardsInstances = dryRun == .discarding
        state = Locked(State())
    }

    /// A resolution going on with `continuation`'s `graph` instances (a `Lazy` read after its resolve).
    init(container: Container, continuing continuation: Continuation, origin: [Key], requester: RequesterKey? = nil) {
        self.requester = requester
        let thread = ThreadState.current
        id = thread.nextResolutionID()
        enclosing = thread.running
        self.origin = origin
        self.container = container
        scope = continuation.scope
        isTraced = continuation.isTraced
        isDryRun = false
        discardsInstances = false
        state = continuation.state
        isTouched.store(true, ordering: .relaxed)
    }

    /// A dry run, which runs factories to learn what they ask for: validation's keeps what it
    /// builds (the app would build it anyway); an inspection's (`registrations`, `graph`) does not.
    enum DryRun { case keeping, discarding }

    /// What a `Lazy` keeps of the resolution that made it: its `graph` instances and the
    /// overrides it ran under, not its container.
    struct Continuation: Sendable {
        fileprivate let state: Locked<State>
        let scope: OverrideScope?
        let isTraced: Bool
    }

    /// This resolution as a `Lazy` made in it keeps it.
    var continuation: Continuation {
        Continuation(state: state, scope: scope, isTraced: isTraced)
    }

    /// Whether a step of `entry` records what its factory asks for (`Entry.observe`), while the
    /// registration learns it: not for a test's replacement, which comes and goes with its
    /// scope, but in a dry run.
    func learns(_ entry: Entry) -> Bool {
        isDryRun || scope?.replaces(entry) != true
    }

    /// What identifies this resolution when it builds or waits for another's build (`Slot`,
    /// `WaitGraph`): unique in the process, never reused (a freed resolution's `ObjectIdentifier`
    /// could be). Made by the thread that starts the resolution, without a shared lock.
    let id: UInt64

    /// `entry`'s `graph` instance, boxed, if one was kept.
    func graphInstance(of entry: Entry) -> InstanceBox? {
        state.withLock { $0.instance(of: entry) }
    }

    /// Keeps `box` as `entry`'s `graph` instance unless a concurrent step kept one: the one kept,
    /// and whether it is `box`.
    func keepGraphInstance(_ box: InstanceBox, of entry: Entry) -> (box: InstanceBox, isNew: Bool) {
        isTouched.store(true, ordering: .releasing)
        return state.withLock { state in
            if let kept = state.instance(of: entry) { return (kept, false) }
            state.graph.append(GraphInstance(entry: entry, strong: box))
            return (box, true)
        }
    }

    func queue(_ pending: PendingHooks) {
        isTouched.store(true, ordering: .releasing)
        state.withLock { $0.pending.append(pending) }
    }

    /// Ends an entry point of this resolution (its top-level step, or a `Lazy` read after the
    /// step that made it returned) that returned: runs every hook waiting, including those of the
    /// instances hooks build, and throws the first hook's failure. Called by the entry point
    /// itself, not around it as a closure: a closure's captures would cost every resolve retains.
    func returned() throws {
        if let hookFailure = completePending() { throw hookFailure }
    }

    /// Ends an entry point that threw `error`: runs the hooks waiting (their failures give way to
    /// `error`); returns the error the entry point throws (a step refused for want of stack is
    /// turned into its `ResolutionError` here, near the top of the stack).
    func failed(_ error: any Error) -> any Error {
        _ = completePending()
        if let exhausted = error as? StackExhausted { return exhausted.error }
        return error
    }

    /// Ends an entry point: runs the waiting hooks, then holds the `graph` instances weakly if a
    /// `Lazy` was made in the resolution.
    private func completePending() -> (any Error)? {
        var failure: (any Error)?
        while let batch = takePending() {
            for item in batch {
                do {
                    try Step.runHooks(item, in: self)
                } catch {
                    container.ledger.endInBackground(item.slot?.reset() ?? [], reason: .reset)
                    if failure == nil { failure = error }
                }
            }
        }
        return failure
    }

    /// Notes that a `Lazy` was made in this resolution.
    func madeLazy() {
        isTouched.store(true, ordering: .releasing)
        state.withLock { $0.hasLazy = true }
    }

    /// The waiting hooks, taken; once none wait, `nil`, and the `graph` instances are held weakly
    /// if a `Lazy` was made.
    private func takePending() -> [PendingHooks]? {
        // Nothing kept or queued, and no `Lazy` made: nothing waits.
        guard isTouched.load(ordering: .acquiring) else { return nil }
        return state.withLock { state in
            guard state.pending.isEmpty else {
                defer { state.pending = [] }
                return state.pending
            }
            if state.hasLazy {
                // A value cannot be held weakly: it is dropped (it may keep a `Lazy` that keeps this state).
                state.graph = state.graph.compactMap { kept in
                    guard let strong = kept.strong else { return kept }
                    return strong.weakened().map { GraphInstance(entry: kept.entry, weak: $0) }
                }
            }
            return nil
        }
    }
}

extension Resolution {
    /// A step of this resolution below `parent`: what a factory's resolver asks for. Called on the
    /// resolution rather than on its container: the container is then a property of the object
    /// the call is made on, which the call need not retain. Reached from the step through the
    /// resolution, it would be retained and released for every dependency (two atomic
    /// operations, more where a handle's weak reference gave the container a side table).
    func step<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step) throws -> S {
        try container.step(S.self, key: key, arguments: arguments, parent: parent, resolution: self)
    }

    /// `step(_:key:arguments:parent:)` for an `async` resolve.
    func stepAsync<S, Args>(_: S.Type, key: Key, arguments: Args, parent: Step) async throws -> S {
        try await container.stepAsync(S.self, key: key, arguments: arguments, parent: parent, resolution: self)
    }
}

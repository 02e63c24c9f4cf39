import DIContainerLocking

/// One registration's store (`InstanceStorage`) and the gates that build its instances exactly
/// once per store: a step asks `storage.current` for the store of its task; the first resolution
/// to find that store empty builds, the others wait for it. Builds for different stores (a storage
/// keeping one instance per task) never wait for each other. A reset starts a new generation, so a
/// build in flight during it is not kept, and is built again. The slot also keeps the endings
/// (`onShutdown` hooks) of what its stores keep — an open scope's stores keep their own — each
/// with the store that keeps it, until that store keeps another instance, a reset drops it, or
/// the slot closes (its registration replaced or removed, or the container shut down); once
/// closed it builds nothing more, and hands the endings of builds still in flight to `drained()`.
final class Slot: Sendable {
    let storage: any InstanceStorage

    private struct State: Sendable {
        /// The builds in flight, one per store being filled (few at once: a list, searched by
        /// identity, not hashed), each only while it runs.
        var builds: [Build] = []
        /// The endings of the instances kept, each with the store that keeps it.
        var endings: [(store: any InstanceStorage, ending: Ending)] = []
        var isClosed = false
        /// Whether it closed because its registration was replaced or removed, not shut down.
        var isRetired = false
        /// Once closed: the endings of builds that finished since, and who waits for the builds
        /// in flight to end.
        var late: [Ending] = []
        var drainers: [CheckedContinuation<[Ending], Never>] = []
        /// The `onShutdown` hooks the registration has since hooks were added after its first
        /// builds (`adoptHooks`): a build that looked up the entry from before them ends with
        /// them too. The hooks, not the entry: the entry keeps this slot, and a weak reference
        /// would give it a side table, making every retain of it take the runtime's slower path.
        var adoptedHooks: [Entry.ShutdownHook] = []

        /// The index of the build filling `store`, if one runs.
        func build(of store: any InstanceStorage) -> Int? { builds.firstIndex { $0.store === store } }
    }

    private let state = Locked(State())

    private struct Build: Sendable {
        let store: any InstanceStorage
        var gate = OnceGate()
    }

    /// A build this resolution claimed: the store it fills and the generation it was claimed in.
    struct Generation: Sendable {
        fileprivate let store: any InstanceStorage
        fileprivate let value: UInt64
    }

    /// A build another resolution runs: who, and for which store.
    struct Builder: Sendable {
        fileprivate let store: any InstanceStorage
        let id: UInt64
    }

    /// What a resolution that found the store empty does next.
    enum Claim {
        /// Another resolution finished a build meanwhile.
        case built(Kept)
        /// Build, then `finish` with this generation.
        case build(generation: Generation)
        /// Wait for `builder`, then look again.
        case wait(builder: Builder)
        /// The slot closed: build nothing. `retired`: its registration was replaced or removed
        /// (look the key up again); else the container shut down.
        case closed(retired: Bool)
    }

    init(_ storage: any InstanceStorage) {
        self.storage = storage
    }

    /// Claims the build of `store` (what `storage.current` answered) for `owner`, or says who builds.
    func claim(in store: any InstanceStorage, by owner: UInt64) -> Claim {
        state.withLock { state in
            guard !state.isClosed else { return .closed(retired: state.isRetired) }
            if let kept = Kept(in: store) { return .built(kept) }
            let index =
                state.build(of: store)
                ?? {
                    state.builds.append(Build(store: store))
                    return state.builds.count - 1
                }()
            switch state.builds[index].gate.claim(by: owner) {
            case .build(let generation):
                return .build(generation: Generation(store: store, value: generation))
            case .wait(let builder):
                return .wait(builder: Builder(store: store, id: builder))
            }
        }
    }

    /// Ends a build: keeps `made` (with its ending, if `entry` has `onShutdown` hooks) unless a
    /// reset started a new generation since the claim, the store's scope closed or the slot
    /// closed, and wakes the waiters. Returns whether `made` was kept. An instance not kept has
    /// ended already: its hooks run in the background (or, once the slot closed, with the
    /// endings `drained()` hands back).
    func finish(_ generation: Generation, keeping made: InstanceBox?, by step: StepStart) -> Bool {
        let (entry, resolution) = (step.entry, step.resolution)
        let store = generation.store
        let ending = made.flatMap { Ending.made(entry, instance: $0, in: store, builtBelow: step.parent, in: resolution) }
        var ended: [Ending] = []
        var drainers: [CheckedContinuation<[Ending], Never>] = []
        let (finished, isKept) = state.withLock { state in
            guard let index = state.build(of: store) else {
                preconditionFailure("Slot.finish(_:keeping:by:) ends a claimed build, once")
            }
            state.builds.swapAt(index, state.builds.count - 1)
            var build = state.builds.removeLast()
            let finished = build.gate.finish(generation.value)
            // A build that looked up the registration before its hooks were added ends with them.
            let ending =
                ending
                ?? made.flatMap { Ending.adopting($0, of: entry, hooks: state.adoptedHooks, in: store, in: resolution.container) }
            if state.isClosed {
                if let ending { state.late.append(ending) }
                if state.builds.isEmpty {
                    drainers = state.drainers
                    state.drainers = []
                }
                return (finished, false)
            }
            guard finished.isCurrent, let made else {
                if let ending { ended.append(ending) }
                return (finished, false)
            }
            if let scoped = store as? OpenScope.Store {
                // An open scope keeps its instances' endings itself.
                let isKept = scoped.scope.keep(made, ending: ending, in: scoped, for: resolution.container)
                if !isKept, let ending { ended.append(ending) }
                return (finished, isKept)
            }
            store.store(made)
            // The instance this store kept before ended (a custom storage that expired it).
            if let index = state.endings.firstIndex(where: { $0.store === store }) {
                ended.append(state.endings.remove(at: index).ending)
            }
            if let ending { state.endings.append((store, ending)) }
            return (finished, true)
        }
        finished.wakeWaiters()
        if !drainers.isEmpty {
            let late = state.withLock { state in
                defer { state.late = [] }
                return state.late
            }
            drainers.first?.resume(returning: late)
            for drainer in drainers.dropFirst() { drainer.resume(returning: []) }
        }
        if !ended.isEmpty { resolution.container.ledger.endInBackground(ended, reason: .reset) }
        return isKept
    }

    /// Blocks the calling thread until the running build ends.
    func waitForBuild(by builder: Builder, owner: UInt64, onDeadlock: () -> any Error) throws {
        try WaitGraph.shared.wait(owner, for: builder.id, onDeadlock: onDeadlock) {
            OnceGate.wait { enqueue($0, for: builder.store) }
        }
    }

    /// Suspends the calling task until the running build ends.
    func waitForBuild(by builder: Builder, owner: UInt64, onDeadlock: () -> any Error) async throws {
        try WaitGraph.shared.beginWait(owner, for: builder.id, onDeadlock: onDeadlock)
        await OnceGate.wait { enqueue($0, for: builder.store) }
        WaitGraph.shared.endWait(owner, for: builder.id)
    }

    /// Gives the instance this slot's own store keeps (outside any open scope) the hooks `entry`
    /// has now, when it was kept before its registration had hooks: an `onShutdown` added after
    /// the first build still runs for it.
    func adoptHooks(of entry: Entry, in container: Container) {
        let store = (storage as? ScopedStorage)?.generation ?? storage
        state.withLock { state in
            state.adoptedHooks = entry.shutdownHooks
            guard !state.isClosed, !state.endings.contains(where: { $0.store === store }), case .box(let box)? = Kept(in: store),
                let ending = Ending.adopting(box, of: entry, hooks: entry.shutdownHooks, in: store, in: container)
            else { return }
            state.endings.append((store, ending))
        }
    }

    /// Drops the kept instances (but an open scope's, which belong to the scope); no build in
    /// flight for them is kept. Returns the endings of the instances dropped, for their hooks.
    func reset() -> [Ending] {
        state.withLock { state in
            for index in state.builds.indices where !(state.builds[index].store is OpenScope.Store) {
                state.builds[index].gate.reset()
            }
            storage.reset()
            defer { state.endings = [] }
            return state.endings.map(\.ending)
        }
    }

    /// Drops every kept instance and builds nothing more, in one step: the registration was
    /// replaced or removed, or the container shut down. Returns the endings of what was kept,
    /// and whether builds are in flight (`drained()` then hands back their endings).
    func close(retiring: Bool = false) -> (endings: [Ending], isBuilding: Bool) {
        state.withLock { state in
            guard !state.isClosed else { return ([], false) }
            state.isClosed = true
            state.isRetired = retiring
            for index in state.builds.indices { state.builds[index].gate.reset() }
            storage.reset()
            defer { state.endings = [] }
            return (state.endings.map(\.ending), !state.builds.isEmpty)
        }
    }

    /// Once closed, waits for the builds in flight to end; returns the endings of what they built.
    func drained() async -> [Ending] {
        await withCheckedContinuation { continuation in
            let late = state.withLock { state -> [Ending]? in
                guard state.isClosed, !state.builds.isEmpty else {
                    defer { state.late = [] }
                    return state.late
                }
                state.drainers.append(continuation)
                return nil
            }
            if let late { continuation.resume(returning: late) }
        }
    }

    private func enqueue(_ waiter: OnceGate.Waiter, for store: any InstanceStorage) -> Bool {
        state.withLock { state in
            guard let index = state.build(of: store) else { return false }
            return state.builds[index].gate.enqueue(waiter)
        }
    }
}

import DIContainerLocking

/// One registration's store (`InstanceStorage`) and the gates that build its instances exactly
/// once per store: a step asks `storage.current` for the store of its task; the first resolution
/// to find that store empty builds, the others wait for it. Builds for different stores (a storage
/// keeping one instance per task) never wait for each other. A reset starts a new generation, so a
/// build in flight during it is not kept, and is built again. The slot also keeps the endings
/// (`onShutdown` hooks) of what its stores keep, but for an open scope's, which that scope keeps;
/// once closed (the container shut down) it builds nothing more.
final class Slot: Sendable {
    let storage: any InstanceStorage

    private struct State: Sendable {
        /// The builds in flight, one per store being filled (few at once: a list, searched by
        /// identity, not hashed), each only while it runs.
        var builds: [Build] = []
        /// The endings of the instances kept, with the store that keeps each (weakly: a store
        /// released, or one that kept another instance since, no longer keeps it).
        var endings: [(store: WeakStore, ending: Ending)] = []
        var isClosed = false

        /// The index of the build filling `store`, if one runs.
        func build(of store: any InstanceStorage) -> Int? { builds.firstIndex { $0.store === store } }
    }

    private let state = Locked(State())

    private struct WeakStore: Sendable {
        weak var store: (any InstanceStorage)?
    }

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
        /// The container was shut down: build nothing.
        case closed
    }

    init(_ storage: any InstanceStorage) {
        self.storage = storage
    }

    /// Claims the build of `store` (what `storage.current` answered) for `owner`, or says who builds.
    func claim(in store: any InstanceStorage, by owner: UInt64) -> Claim {
        state.withLock { state in
            guard !state.isClosed else { return .closed }
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

    /// Ends a build: keeps `made` (and its ending, if `entry` has `onShutdown` hooks) unless a
    /// reset started a new generation since the claim or the slot closed, and wakes the waiters.
    /// Returns whether `made` was kept.
    func finish(_ generation: Generation, keeping made: InstanceBox?, of entry: Entry) -> Bool {
        let store = generation.store
        let ending = entry.shutdownHooks.isEmpty ? nil : made.flatMap { Ending(entry, instance: $0, weakly: store is WeakStorage) }
        var replaced: [Ending] = []
        let (finished, isKept) = state.withLock { state in
            guard let index = state.build(of: store) else {
                preconditionFailure("Slot.finish(_:keeping:of:) ends a claimed build, once")
            }
            state.builds.swapAt(index, state.builds.count - 1)
            var build = state.builds.removeLast()
            let finished = build.gate.finish(generation.value)
            guard finished.isCurrent, !state.isClosed, let made else { return (finished, false) }
            store.store(made)
            if let ending, (store as? OpenScope.Store)?.scope.add(ending) != true {
                // The instances this store kept before, and those of stores released since, ended.
                let isOver = { (kept: (store: WeakStore, ending: Ending)) in kept.store.store == nil || kept.store.store === store }
                replaced = state.endings.filter(isOver).map(\.ending)
                state.endings.removeAll(where: isOver)
                state.endings.append((WeakStore(store: store), ending))
            }
            return (finished, true)
        }
        finished.wakeWaiters()
        Ending.runInBackground(replaced)
        // Built but not kept (a reset or shutdown came first): its lifetime ended already.
        if !isKept, let ending { Ending.runInBackground([ending]) }
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

    /// Drops the kept instance; no build in flight is kept. Returns the endings of the instances
    /// dropped (and of those kept by other stores of this slot), for their hooks to run.
    func reset() -> [Ending] {
        state.withLock { state in
            for index in state.builds.indices {
                state.builds[index].gate.reset()
            }
            storage.reset()
            defer { state.endings = [] }
            return state.endings.map(\.ending)
        }
    }

    /// Drops the kept instance and builds nothing more: the container shut down. Returns the
    /// endings, as `reset` does.
    func close() -> [Ending] {
        let endings = reset()
        state.withLock { $0.isClosed = true }
        return endings
    }

    private func enqueue(_ waiter: OnceGate.Waiter, for store: any InstanceStorage) -> Bool {
        state.withLock { state in
            guard let index = state.build(of: store) else { return false }
            return state.builds[index].gate.enqueue(waiter)
        }
    }
}

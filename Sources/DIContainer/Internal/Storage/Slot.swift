import Locking

/// One registration's store (`InstanceStorage`) and the gates that build its instances exactly
/// once per store: a step asks `storage.current` for the store of its task; the first resolution
/// to find that store empty builds, the others wait for it. Builds for different stores (a storage
/// keeping one instance per task) never wait for each other. A reset starts a new generation, so a
/// build in flight during it is not kept, and is built again.
final class Slot: Sendable {
    let storage: any InstanceStorage
    /// The builds in flight, by the store each fills: an entry (which keeps its store, so that no
    /// other store takes its identity) only while its build runs.
    private let builds = Locked<[ObjectIdentifier: Build]>([:])

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
        case built(any Sendable)
        /// Build, then `finish` with this generation.
        case build(generation: Generation)
        /// Wait for `builder`, then look again.
        case wait(builder: Builder)
    }

    init(_ storage: any InstanceStorage) {
        self.storage = storage
    }

    /// Claims the build of `store` (what `storage.current` answered) for `owner`, or says who builds.
    func claim(in store: any InstanceStorage, by owner: UInt64) -> Claim {
        builds.withLock { builds in
            if let kept = store.instance { return .built(kept) }
            let key = ObjectIdentifier(store)
            var build = builds[key] ?? Build(store: store)
            switch build.gate.claim(by: owner) {
            case .build(let generation):
                builds[key] = build
                return .build(generation: Generation(store: store, value: generation))
            case .wait(let builder):
                return .wait(builder: Builder(store: store, id: builder))
            }
        }
    }

    /// Ends a build: keeps `made` unless a reset started a new generation since the claim, and
    /// wakes the waiters. Returns whether `made` was kept.
    func finish(_ generation: Generation, keeping made: (any Sendable)?) -> Bool {
        let finished = builds.withLock { builds in
            guard var build = builds.removeValue(forKey: ObjectIdentifier(generation.store)) else {
                preconditionFailure("Slot.finish(_:keeping:) ends a claimed build, once")
            }
            let finished = build.gate.finish(generation.value)
            if finished.isCurrent, let made { generation.store.store(made) }
            return finished
        }
        finished.wakeWaiters()
        return finished.isCurrent
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

    /// Drops the kept instance; no build in flight is kept.
    func reset() {
        builds.withLock { builds in
            for index in builds.indices {
                builds.values[index].gate.reset()
            }
            storage.reset()
        }
    }

    private func enqueue(_ waiter: OnceGate.Waiter, for store: any InstanceStorage) -> Bool {
        builds.withLock { $0[ObjectIdentifier(store)]?.gate.enqueue(waiter) ?? false }
    }
}

import Dispatch
import Locking

/// One registration's store (`InstanceStorage`) and the gate that builds its instance exactly
/// once: the first resolution to find the store empty builds, the others wait for it. A reset
/// starts a new generation, so a build in flight during it is not kept, and is built again.
final class Slot: Sendable {
    let storage: any InstanceStorage

    private enum Waiter: Sendable {
        case thread(DispatchSemaphore)
        case task(CheckedContinuation<Void, Never>)

        func resume() {
            switch self {
            case .thread(let semaphore): semaphore.signal()
            case .task(let continuation): continuation.resume()
            }
        }
    }

    private struct Gate: Sendable {
        var generation = 0
        /// The resolution building, if a build runs.
        var builder: ObjectIdentifier?
        var waiters: [Waiter] = []
    }

    /// What a resolution that found the store empty does next.
    enum Claim {
        /// Another resolution finished a build meanwhile.
        case built(any Sendable)
        /// Build, then `finish` with this generation.
        case build(generation: Int)
        /// Wait for `builder`, then look again.
        case wait(builder: ObjectIdentifier)
    }

    private let gate = Locked(Gate())

    init(_ storage: any InstanceStorage) {
        self.storage = storage
    }

    /// Claims the build for `owner`, or says who builds.
    func claim(by owner: ObjectIdentifier) -> Claim {
        gate.withLock { gate in
            if let kept = storage.instance { return .built(kept) }
            guard let builder = gate.builder else {
                gate.builder = owner
                return .build(generation: gate.generation)
            }
            return .wait(builder: builder)
        }
    }

    /// Ends a build: keeps `made` unless a reset started a new generation since the claim, and
    /// wakes the waiters. Returns whether `made` was kept.
    func finish(_ generation: Int, keeping made: (any Sendable)?) -> Bool {
        let (kept, waiters) = gate.withLock { gate in
            let current = gate.generation == generation
            if current, let made { storage.store(made) }
            gate.builder = nil
            defer { gate.waiters = [] }
            return (current, gate.waiters)
        }
        for waiter in waiters {
            waiter.resume()
        }
        return kept
    }

    /// Blocks the calling thread until the running build ends.
    func waitForBuild(by builder: ObjectIdentifier, owner: ObjectIdentifier, onDeadlock: () -> any Error) throws {
        let semaphore = DispatchSemaphore(value: 0)
        try WaitGraph.shared.wait(owner, for: builder, onDeadlock: onDeadlock) {
            if enqueue(.thread(semaphore)) { semaphore.wait() }
        }
    }

    /// Suspends the calling task until the running build ends.
    func waitForBuild(by builder: ObjectIdentifier, owner: ObjectIdentifier, onDeadlock: () -> any Error) async throws {
        try WaitGraph.shared.beginWait(owner, for: builder, onDeadlock: onDeadlock)
        await withCheckedContinuation { continuation in
            if !enqueue(.task(continuation)) { continuation.resume() }
        }
        WaitGraph.shared.endWait(owner, for: builder)
    }

    /// Drops the kept instance; a build in flight is not kept.
    func reset() {
        gate.withLock { gate in
            gate.generation += 1
            storage.reset()
        }
    }

    private func enqueue(_ waiter: Waiter) -> Bool {
        gate.withLock { gate in
            guard gate.builder != nil else { return false }
            gate.waiters.append(waiter)
            return true
        }
    }
}

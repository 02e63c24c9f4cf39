import Dispatch
import Locking
import Synchronization

/// Where a `singleton` registration (or a ready-made instance) keeps its instance.
///
/// Reading a built instance is one atomic load (inside a `Reclamation` read). Building happens
/// exactly once per generation: the first resolver marks the cell as being built, releases the
/// lock and runs the factory; later resolvers wait — a blocked thread for a synchronous resolve, a
/// suspended task for an `async` one — and never hold a lock while user code runs. If the factory
/// throws, the cell returns to empty and the next resolve tries again. `reset()` starts a new
/// generation: it drops the instance, and a build still running for the old generation is thrown
/// away (and built again by its resolver) instead of being stored or handed out.
final class InstanceCell: Sendable {
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

    private struct State: Sendable {
        var generation = 0
        /// The resolution building the instance, if one is.
        var builder: ObjectIdentifier?
        var waiters: [Waiter] = []
    }

    private enum Claim {
        case built(AnyInstanceBox)
        case build(generation: Int)
        case wait(builder: ObjectIdentifier)
    }

    /// The built instance, retained by the cell; replaced only by `reset()`, which retires it.
    private let instance = Atomic<Unmanaged<AnyInstanceBox>?>(nil)
    private let state = Locked(State())

    init() {}

    /// Stores a ready-made instance in a new, empty cell.
    func store(_ box: AnyInstanceBox) {
        instance.store(Unmanaged.passRetained(box), ordering: .releasing)
    }

    deinit {
        instance.load(ordering: .acquiring)?.release()
    }

    /// The built instance, unretained: only inside a `Reclamation` read.
    @inline(__always)
    func unretainedInstance() -> Unmanaged<AnyInstanceBox>? {
        instance.load(ordering: .acquiring)
    }

    /// The built instance, if any.
    func load() -> AnyInstanceBox? {
        state.withLock { _ in instance.load(ordering: .acquiring)?.takeUnretainedValue() }
    }

    /// Drops the instance and starts a new generation.
    func reset() {
        let old = state.withLock { state in
            state.generation += 1
            return instance.exchange(nil, ordering: .sequentiallyConsistent)
        }
        if let old {
            Reclamation.shared.retire(old.takeRetainedValue())
        }
    }

    /// The instance, built by `make` if nobody built it yet; `created` tells which.
    ///
    /// - Parameters:
    ///   - owner: The top-level resolution asking, to detect resolutions waiting on each other.
    ///   - onDeadlock: Makes the error thrown when waiting would never end.
    func instance(
        owner: ObjectIdentifier, onDeadlock: () -> any Error, make: () throws -> AnyInstanceBox
    ) throws -> (box: AnyInstanceBox, created: Bool) {
        while true {
            switch claim(by: owner) {
            case .built(let box):
                return (box, false)
            case .build(let generation):
                if let box = try finish(generation, storing: Result(catching: make)) { return (box, true) }
            case .wait(let builder):
                let semaphore = DispatchSemaphore(value: 0)
                try WaitGraph.shared.wait(owner, for: builder, onDeadlock: onDeadlock) {
                    if enqueue(.thread(semaphore)) { semaphore.wait() }
                }
            }
        }
    }

    /// The `async` form of `instance(owner:onDeadlock:make:)`.
    func instance(
        owner: ObjectIdentifier, onDeadlock: () -> any Error, make: () async throws -> AnyInstanceBox
    ) async throws -> (box: AnyInstanceBox, created: Bool) {
        while true {
            switch claim(by: owner) {
            case .built(let box):
                return (box, false)
            case .build(let generation):
                let made: Result<AnyInstanceBox, any Error>
                do { made = .success(try await make()) } catch { made = .failure(error) }
                if let box = try finish(generation, storing: made) { return (box, true) }
            case .wait(let builder):
                try WaitGraph.shared.beginWait(owner, for: builder, onDeadlock: onDeadlock)
                await withCheckedContinuation { continuation in
                    if !enqueue(.task(continuation)) { continuation.resume() }
                }
                WaitGraph.shared.endWait(owner, for: builder)
            }
        }
    }

    /// Under the lock: the built instance, or the right to build it, or whom to wait for.
    private func claim(by owner: ObjectIdentifier) -> Claim {
        state.withLock { state in
            if let box = instance.load(ordering: .acquiring) { return .built(box.takeUnretainedValue()) }
            guard let builder = state.builder else {
                state.builder = owner
                return .build(generation: state.generation)
            }
            return .wait(builder: builder)
        }
    }

    /// Queues `waiter` for the end of the build in progress; `false` when none is in progress.
    private func enqueue(_ waiter: Waiter) -> Bool {
        state.withLock { state in
            guard state.builder != nil else { return false }
            state.waiters.append(waiter)
            return true
        }
    }

    /// Ends a build: stores its instance if its generation is still current, wakes the waiters.
    /// Returns the instance to hand out, `nil` when a reset made it stale (build again), or
    /// rethrows the factory's error.
    private func finish(_ generation: Int, storing made: Result<AnyInstanceBox, any Error>) throws -> AnyInstanceBox? {
        let (current, waiters) = state.withLock { state in
            let current = state.generation == generation
            if current, case .success(let box) = made {
                instance.store(Unmanaged.passRetained(box), ordering: .releasing)
            }
            state.builder = nil
            defer { state.waiters = [] }
            return (current, state.waiters)
        }
        for waiter in waiters {
            waiter.resume()
        }
        let box = try made.get()
        return current ? box : nil
    }
}

/// Where a `weak` registration keeps a weak hold on its instance.
final class WeakCell: Sendable {
    private let reference = Locked(WeakReference())

    /// The instance, if somebody still holds it.
    func object() -> AnyObject? {
        reference.withLock { $0.object }
    }

    /// Keeps a weak hold on `made` unless another live instance got there first, and returns the
    /// one that is kept.
    func store(_ made: AnyObject) -> AnyObject {
        reference.withLock { reference in
            if let existing = reference.object { return existing }
            reference.object = made
            return made
        }
    }

    /// Drops the hold.
    func reset() {
        reference.withLock { $0.object = nil }
    }
}

/// A weak hold on the instance of a `weak` registration.
///
/// `@unchecked Sendable`, reviewed: it is only read and written under `WeakCell`'s lock, and what
/// it refers to is an instance of a `weak` registration, whose sharing is that lifetime's contract.
private struct WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
}

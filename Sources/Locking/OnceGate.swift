import Dispatch

/// "Build once, others wait": the gate in front of something one caller builds while the
/// others wait for it. The container's singletons and other kept instances, `Lazy` and the
/// one-time test assembly all pass through it.
///
/// A value kept in its owner's one `Locked` state, beside what the build makes. The gate's
/// state — the generation, who builds, who waits — is read and changed under the lock the owner
/// already holds, together with its own ("is it built?"). There is no second lock and no flag
/// mirroring the state. Claims and finishes run inside `withLock`; waiting and waking the
/// waiters run outside it.
///
/// ```swift
/// let state = Locked((gate: OnceGate(), value: Int?.none))
/// while true {
///     let claim = state.withLock { $0.value == nil ? $0.gate.claim(by: callerID) : nil }
///     switch claim {
///     case nil:
///         return state.withLock { $0.value! }
///     case .build(let generation)?:
///         let made = build()
///         state.withLock { $0.value = made; return $0.gate.finish(generation) }.wakeWaiters()
///     case .wait?:
///         OnceGate.wait { waiter in state.withLock { $0.gate.enqueue(waiter) } }
///     }
/// }
/// ```
public struct OnceGate: Sendable {
    /// Counts `reset()` calls: a build claimed in an earlier generation is out of date.
    public private(set) var generation: UInt64 = 0
    /// The id of the caller building, while a build runs.
    public private(set) var builder: UInt64?
    private var waiters: [Waiter] = []

    /// A gate with no build running.
    public init() {}

    /// What a caller that found nothing built does next.
    public enum Claim: Sendable, Equatable {
        /// Build, then call `finish(_:)` with this generation.
        case build(generation: UInt64)
        /// `builder` builds: wait for it (`wait(_:)`), then look again.
        case wait(builder: UInt64)
    }

    /// Claims the build for the caller `id`, or says who builds.
    ///
    /// - Parameter id: The caller, as it identifies itself to whoever waits for it.
    /// - Returns: `.build` when no build was running (the caller now builds), else `.wait`.
    public mutating func claim(by id: UInt64) -> Claim {
        if let builder { return .wait(builder: builder) }
        builder = id
        return .build(generation: generation)
    }

    /// Ends the build claimed in `generation`, successful or not. Call `wakeWaiters()` on the
    /// result once the owner's lock is released.
    ///
    /// - Parameter generation: What `claim(by:)` returned with `.build`.
    /// - Returns: Whether the build is current (no `reset()` since its claim), and its waiters.
    public mutating func finish(_ generation: UInt64) -> Finished {
        precondition(builder != nil, "OnceGate.finish(_:) ends a build claimed with claim(by:), once")
        builder = nil
        defer { waiters = [] }
        return Finished(isCurrent: generation == self.generation, waiters: waiters)
    }

    /// Starts a new generation: the build running now, if any, is out of date when it finishes.
    public mutating func reset() {
        generation &+= 1
    }

    /// Adds `waiter` to the running build's waiters.
    ///
    /// - Parameter waiter: What `wait(_:)` handed to its `enqueue`.
    /// - Returns: `false` when no build runs (nothing to wait for).
    public mutating func enqueue(_ waiter: Waiter) -> Bool {
        guard builder != nil else { return false }
        waiters.append(waiter)
        return true
    }

    /// Blocks the calling thread until the running build ends.
    ///
    /// - Parameter enqueue: Adds the waiter to the gate, under the owner's lock
    ///   (`state.withLock { $0.gate.enqueue(waiter) }`); returns `false` when no build runs.
    public static func wait(_ enqueue: (Waiter) -> Bool) {
        let semaphore = DispatchSemaphore(value: 0)
        if enqueue(Waiter(.thread(semaphore))) { semaphore.wait() }
    }

    /// Suspends the calling task until the running build ends.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which the wait does not leave.
    ///   - enqueue: As in the blocking `wait(_:)`.
    public static func wait(isolation: isolated (any Actor)? = #isolation, _ enqueue: (Waiter) -> Bool) async {
        await withCheckedContinuation(isolation: isolation) { continuation in
            if !enqueue(Waiter(.task(continuation))) { continuation.resume() }
        }
    }

    /// A thread or a task waiting for a build.
    public struct Waiter: Sendable {
        fileprivate enum Kind: Sendable {
            case thread(DispatchSemaphore)
            case task(CheckedContinuation<Void, Never>)
        }

        fileprivate let kind: Kind

        fileprivate init(_ kind: Kind) {
            self.kind = kind
        }

        fileprivate func resume() {
            switch kind {
            case .thread(let semaphore): semaphore.signal()
            case .task(let continuation): continuation.resume()
            }
        }
    }

    /// A finished build: whether it is current, and who waited for it.
    public struct Finished: Sendable {
        /// Whether no `reset()` came since the build was claimed: what it made may be kept.
        public let isCurrent: Bool
        fileprivate let waiters: [Waiter]

        /// Wakes the waiters (call it with no lock held); each looks again.
        public func wakeWaiters() {
            for waiter in waiters {
                waiter.resume()
            }
        }
    }
}

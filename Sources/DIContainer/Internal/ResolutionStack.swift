#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The synchronous resolutions in progress on one thread: one step per registration being
/// built, innermost last.
///
/// A synchronous resolution never leaves its thread while it runs (factories cannot suspend), so
/// its steps live in a per-thread array instead of one heap object per step: entering a step is
/// an append, leaving it a decrement, and checking for a cycle a walk over adjacent memory. A
/// resolve on a thread whose stack is not empty — through a factory's `ContainerResolver` or a
/// captured container — is a dependency of the innermost step (see `Origin.current(on:)`).
///
/// `graph` instances of a resolution are kept here too, from its first step until it returns.
/// A synchronous resolution that continues an `async` one (a synchronous dependency of an `async`
/// factory) records that resolution's frame as its `base`: path, cycle check, `graph` instances
/// and owner then come from the frame.
///
/// Not `Sendable`: each thread reaches only its own stack, through `current`.
struct ResolutionStack {
    /// One registration being built.
    struct Step {
        let entry: Unmanaged<Entry>
        /// The container resolving it (kept alive by the resolve in progress).
        let container: Unmanaged<Container>
        /// 1 for the top-level request (counting the steps of `base`, if any).
        let depth: Int
        /// The index of the first step of this resolution.
        let top: Int
        /// The test-override or validation scope of the resolution (kept alive by whoever
        /// started it for as long as it runs).
        let scope: Unmanaged<Scope>?
        /// The `async` resolution this one continues, if any (kept alive by its caller).
        let base: Unmanaged<Frame>?
        /// Where this resolution's `graph` instances start in `State.graph` (top steps only).
        let graphStart: Int
        /// One bit per entry on this resolution's steps up to this one (see `bit(for:)`): when
        /// an entry's bit is clear, it is not in flight, and the cycle check needs no walk.
        let inFlight: UInt64
    }

    private struct State {
        var steps: UnsafeMutablePointer<Step>
        var count = 0
        var capacity: Int
        /// The `graph` instances of the resolutions on this stack that have no `base`.
        var graph: [(entry: ObjectIdentifier, box: AnyInstanceBox)] = []
        /// Identifies this thread's resolutions to `WaitGraph`.
        let owner = Owner()
    }

    /// An identity for `WaitGraph`.
    final class Owner: Sendable {}

    private let state: UnsafeMutablePointer<State>

    /// The stack of the calling thread, made on first use and freed when the thread exits.
    /// Callers pass a copy of `key` they keep (`Container.stackKey`), so the hot path skips the
    /// lazy global's `swift_once`.
    @inline(__always)
    static func current(key: pthread_key_t) -> ResolutionStack {
        if let raw = pthread_getspecific(key) {
            return ResolutionStack(state: raw.assumingMemoryBound(to: State.self))
        }
        return makeCurrent()
    }

    /// The thread-specific-data key of the stacks.
    static var key: pthread_key_t { threadKey.key }

    private static func makeCurrent() -> ResolutionStack {
        let capacity = 16
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(steps: .allocate(capacity: capacity), capacity: capacity))
        pthread_setspecific(threadKey.key, state)
        return ResolutionStack(state: state)
    }

    /// Frees a thread's stack when the thread exits.
    private static func release(_ raw: UnsafeMutableRawPointer) {
        let state = raw.assumingMemoryBound(to: State.self)
        state.pointee.steps.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    private final class ThreadKey: Sendable {
        let key: pthread_key_t

        init() {
            var key = pthread_key_t()
            #if canImport(Darwin)
            pthread_key_create(&key) { ResolutionStack.release($0) }
            #else
            pthread_key_create(&key) { raw in
                if let raw { ResolutionStack.release(raw) }
            }
            #endif
            self.key = key
        }
    }

    private static let threadKey = ThreadKey()

    // MARK: - Steps

    /// The number of steps in progress.
    var count: Int { state.pointee.count }

    /// The innermost step; only when `count > 0`.
    var innermost: Step { state.pointee.steps[state.pointee.count - 1] }

    /// Starts a new resolution with `entry`, in `scope`, continuing `base` if set.
    func pushTop(_ entry: Entry, in container: Container, scope: Unmanaged<Scope>?, base: Unmanaged<Frame>?) {
        push(Step(
            entry: .passUnretained(entry), container: .passUnretained(container), depth: (base?._withUnsafeGuaranteedRef { $0.depth } ?? 0) + 1,
            top: state.pointee.count, scope: scope, base: base, graphStart: state.pointee.graph.count,
            inFlight: Self.bit(for: entry)))
    }

    /// Adds `entry` as a dependency of the innermost step.
    @inline(__always)
    func pushNested(_ entry: Entry, in container: Container) {
        let parent = innermost
        push(Step(
            entry: .passUnretained(entry), container: .passUnretained(container), depth: parent.depth + 1,
            top: parent.top, scope: parent.scope, base: parent.base, graphStart: parent.graphStart,
            inFlight: parent.inFlight | Self.bit(for: entry)))
    }

    @inline(__always)
    private func push(_ step: Step) {
        if state.pointee.count == state.pointee.capacity { grow() }
        (state.pointee.steps + state.pointee.count).initialize(to: step)
        state.pointee.count += 1
    }

    private func grow() {
        let capacity = state.pointee.capacity * 2
        let steps = UnsafeMutablePointer<Step>.allocate(capacity: capacity)
        steps.moveInitialize(from: state.pointee.steps, count: state.pointee.count)
        state.pointee.steps.deallocate()
        state.pointee.steps = steps
        state.pointee.capacity = capacity
    }

    /// Ends the innermost step; the end of a resolution also drops its `graph` instances.
    @inline(__always)
    func pop() {
        state.pointee.count -= 1
        let step = state.pointee.steps[state.pointee.count]
        if step.top == state.pointee.count, step.base == nil, state.pointee.graph.count > step.graphStart {
            state.pointee.graph.removeSubrange(step.graphStart...)
        }
    }

    // MARK: - The innermost resolution

    /// The services from the top-level request to the innermost step (those of `base` first).
    var path: [ServiceKey] {
        guard count > 0 else { return [] }
        let innermost = innermost
        var steps = innermost.base?._withUnsafeGuaranteedRef { $0.path } ?? []
        for index in innermost.top..<count {
            steps.append(state.pointee.steps[index].entry._withUnsafeGuaranteedRef { $0.service })
        }
        return steps
    }

    /// The depth of the step building `entry` in the innermost resolution, if any: the start of
    /// a cycle. Compares entries only, without reference counting.
    @inline(__always)
    func depthOfStep(building entry: Entry) -> Int? {
        let innermost = innermost
        if innermost.inFlight & Self.bit(for: entry) != 0 {
            let target = Unmanaged.passUnretained(entry).toOpaque()
            var index = count - 1
            while index >= innermost.top {
                let step = state.pointee.steps[index]
                if step.entry.toOpaque() == target { return step.depth }
                index -= 1
            }
        }
        return innermost.base?._withUnsafeGuaranteedRef { $0.ancestor(building: entry)?.depth }
    }

    /// The bit of `entry` in `Step.inFlight`: one of 64, picked by its address.
    @inline(__always)
    private static func bit(for entry: Entry) -> UInt64 {
        let address = UInt64(UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque()))
        return 1 << ((address &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// Identifies the innermost resolution to `WaitGraph`: its `async` resolution's, or this
    /// thread's (a thread waiting for a singleton it is building itself would wait forever).
    var owner: ObjectIdentifier {
        if let base = innermost.base { return base._withUnsafeGuaranteedRef { ObjectIdentifier($0.top) } }
        return ObjectIdentifier(state.pointee.owner)
    }

    /// The `graph` instance of `entry` in the innermost resolution, if built.
    func graphInstance(of entry: Entry) -> AnyInstanceBox? {
        let innermost = innermost
        if let base = innermost.base { return base._withUnsafeGuaranteedRef { $0.graphInstance(of: entry) } }
        // Oldest first: what several services share is built early, below them.
        let id = ObjectIdentifier(entry)
        return state.pointee.graph.withUnsafeBufferPointer { graph in
            var index = innermost.graphStart
            while index < graph.count {
                if graph[index].entry == id { return graph[index].box }
                index += 1
            }
            return nil
        }
    }

    /// Keeps `made` as the `graph` instance of `entry` in the innermost resolution, unless one
    /// is kept already (with a `base`, a concurrent step of the `async` resolution may have
    /// stored one): then returns that one.
    func storeGraphInstance(_ made: AnyInstanceBox, of entry: Entry) -> AnyInstanceBox? {
        if let base = innermost.base {
            let kept = base._withUnsafeGuaranteedRef { $0.storeGraphInstance(made, of: entry) }
            return kept === made ? nil : kept
        }
        state.pointee.graph.append((ObjectIdentifier(entry), made))
        return nil
    }
}

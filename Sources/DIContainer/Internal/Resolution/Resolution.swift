import Synchronization

/// One top-level resolve and everything its steps share: the container it started at, the test
/// overrides in effect, whether it is traced, and its `graph` instances. Synchronous and `async`
/// steps share it alike; it ends when its last step does (the steps keep it alive). Synchronous
/// top-level resolves use their thread's own (`ThreadContext.withResolution`).
///
/// A thread's resolution refers to its container unretained while its resolve runs (the resolve is
/// a call on that container, which its caller holds); if something still holds the resolution
/// when the resolve ends (a `Lazy`, a kept resolver), it retains the container from then on
/// (`keepContainer()`), as resolutions made with `init` do from the start.
///
/// `@unchecked Sendable`, reviewed: `container`, `scope` and `isTraced` are set only while the
/// resolution is uniquely referenced by its thread's context (before its resolve starts, after
/// the last other reference is gone), and are constant in between, but for `keptContainer`, which only that resolve sets,
/// once, when it ends; `graph` and `completions` are atomic.
final class Resolution: @unchecked Sendable {
    /// Where the request started: every step looks its dependencies up from here. Set for as
    /// long as the resolution is in use.
    private var containerReference: Unmanaged<Container>?
    /// The same container, retained, when the resolution may outlive its resolve.
    private var keptContainer: Container?
    /// The test overrides in effect; `hasScope` says whether there are any, without a retain.
    private(set) var scope: OverrideScope?
    private(set) var hasScope = false
    /// Whether steps are reported to the container's tracing handler.
    private(set) var isTraced = false
    /// The `graph` instances kept so far, retained; made on the first one, and kept by a thread's
    /// resolution from one resolve to the next.
    private let graph = Atomic<Unmanaged<GraphInstances>?>(nil)
    /// New instances waiting for their `initCompleted` hooks (`Container+Completion.swift`).
    let completions = PendingCompletions()

    /// A resolution that retains its container.
    init(container: Container, scope: OverrideScope?, isTraced: Bool) {
        start(container: container, scope: scope, isTraced: isTraced)
        keptContainer = container
    }

    /// An unused resolution, for a thread.
    init() {}

    deinit {
        graph.load(ordering: .acquiring)?.release()
    }

    /// Makes this unused resolution the one of a new resolve of `container`, which the caller
    /// keeps alive until the resolve ends.
    @inline(__always)
    func start(container: Container, scope: OverrideScope?, isTraced: Bool) {
        containerReference = Unmanaged.passUnretained(container)
        if let scope {
            self.scope = scope
            hasScope = true
        }
        self.isTraced = isTraced
    }

    /// Retains the container: the resolution outlives its resolve.
    func keepContainer() {
        keptContainer = container
    }

    /// Drops what the resolution kept, so that a thread's unused one keeps nothing alive. Only for a
    /// resolution nothing else holds (so it never retained its container).
    @inline(__always)
    func clear() {
        containerReference = nil
        if hasScope {
            scope = nil
            hasScope = false
        }
        if let instances = graph.load(ordering: .acquiring) {
            instances._withUnsafeGuaranteedRef { if !$0.isEmpty { $0.removeAll() } }
        }
    }

    /// The container the request started at.
    var container: Container { containerReference.unsafelyUnwrapped.takeUnretainedValue() }

    /// The container, unretained.
    var unretainedContainer: Unmanaged<Container> { containerReference.unsafelyUnwrapped }

    /// Identifies this resolution to `InstanceCell` and `WaitGraph`.
    var owner: ObjectIdentifier { ObjectIdentifier(self) }

    /// The object kept for `entry`'s `graph` instance in this resolution (the instance or its box,
    /// `Entry.graphValue(_:as:)`), if any, unretained: the resolution keeps it.
    @inline(__always)
    func graphInstance(of entry: Entry) -> Unmanaged<AnyObject>? {
        guard let instances = graph.load(ordering: .acquiring) else { return nil }
        return instances._withUnsafeGuaranteedRef { $0.object(for: entry) }
    }

    /// Keeps `object` (`Entry.graphObject(_:)`, retained: the reference moves to the resolution)
    /// for `entry`'s `graph` instance and returns it — or, when a concurrent step of this
    /// resolution kept one first, that one — unretained: the resolution keeps it.
    func keepGraphInstance(_ object: Unmanaged<AnyObject>, of entry: Entry) -> Unmanaged<AnyObject> {
        graphInstances()._withUnsafeGuaranteedRef { $0.keep(object, for: entry) }
    }

    /// The resolution's `graph` instances, made on the first one.
    @inline(__always)
    private func graphInstances() -> Unmanaged<GraphInstances> {
        if let instances = graph.load(ordering: .acquiring) { return instances }
        return makeGraphInstances()
    }

    @inline(never)
    private func makeGraphInstances() -> Unmanaged<GraphInstances> {
        let made = Unmanaged.passRetained(GraphInstances())
        let (exchanged, original) = graph.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if exchanged { return made }
        made.release()
        return original.unsafelyUnwrapped
    }
}

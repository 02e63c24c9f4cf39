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
    /// The `graph` instances built so far, newest first: a list of boxes linked through
    /// `AnyInstanceBox.next`, whose head the resolution retains.
    private let graph = Atomic<Unmanaged<AnyInstanceBox>?>(nil)
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
        if graph.load(ordering: .relaxed) != nil, let instances = graph.exchange(nil, ordering: .acquiring) {
            instances.release()
        }
    }

    /// The container the request started at.
    var container: Container { containerReference.unsafelyUnwrapped.takeUnretainedValue() }

    /// The container, unretained.
    var unretainedContainer: Unmanaged<Container> { containerReference.unsafelyUnwrapped }

    /// Identifies this resolution to `InstanceCell` and `WaitGraph`.
    var owner: ObjectIdentifier { ObjectIdentifier(self) }

    /// The `graph` instance of `entry` built by this resolution, if any.
    @inline(__always)
    func graphInstance(of entry: Entry) -> AnyInstanceBox? {
        Self.find(entry, from: graph.load(ordering: .acquiring), upTo: nil)
    }

    /// Keeps `box` (a new box, not yet shared) as the `graph` instance of `entry` and returns it —
    /// or, when a concurrent step of this resolution (an `async` factory's child task) kept one
    /// first, returns that one.
    func keepGraphInstance(_ box: AnyInstanceBox, of entry: Entry) -> AnyInstanceBox {
        box.graphEntry = entry
        var head = graph.load(ordering: .acquiring)
        var searched: Unmanaged<AnyInstanceBox>? = nil
        let node = Unmanaged.passUnretained(box)
        while true {
            if let kept = Self.find(entry, from: head, upTo: searched) { return kept }
            searched = head
            // The new head holds the previous one strongly; the atomic's own reference moves to it.
            box.next = head?.takeRetainedValue()
            let (exchanged, original) = graph.compareExchange(expected: head, desired: node, ordering: .acquiringAndReleasing)
            if exchanged {
                _ = node.retain()
                return box
            }
            box.next.map { _ = Unmanaged.passRetained($0) }
            box.next = nil
            head = original
        }
    }

    /// The instance of `entry` in the list from `start`, stopping before `end`; oldest entries
    /// last. The list is walked unretained: its head's owner keeps every node.
    private static func find(
        _ entry: Entry, from start: Unmanaged<AnyInstanceBox>?, upTo end: Unmanaged<AnyInstanceBox>?
    ) -> AnyInstanceBox? {
        var node = start
        while let current = node, current.toOpaque() != end?.toOpaque() {
            let (isMatch, next) = current._withUnsafeGuaranteedRef { box in
                (box.graphEntry === entry, box.next.map(Unmanaged.passUnretained))
            }
            if isMatch { return current.takeUnretainedValue() }
            node = next
        }
        return nil
    }
}

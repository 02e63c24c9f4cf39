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
    /// The `Entry.filterBit`s of the `graph` instances kept, set before each is published: a
    /// lookup whose bit is clear needs no search.
    private let graphEntries = Atomic<UInt64>(0)
    /// The `graph` instance found last, looked at first (a service shared by several steps is
    /// asked for again and again); unretained: the list keeps it.
    private let lastFound = Atomic<Unmanaged<AnyInstanceBox>?>(nil)
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
        if let instances = graph.load(ordering: .acquiring) { Self.release(instances) }
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
            lastFound.store(nil, ordering: .relaxed)
            graphEntries.store(0, ordering: .relaxed)
            Self.release(instances)
        }
    }

    /// The container the request started at.
    var container: Container { containerReference.unsafelyUnwrapped.takeUnretainedValue() }

    /// The container, unretained.
    var unretainedContainer: Unmanaged<Container> { containerReference.unsafelyUnwrapped }

    /// Identifies this resolution to `InstanceCell` and `WaitGraph`.
    var owner: ObjectIdentifier { ObjectIdentifier(self) }

    /// Releases a list of `graph` instances one box after the other (a box releasing the next one
    /// from its own deinitializer would recurse as deep as the list is long).
    private static func release(_ instances: Unmanaged<AnyInstanceBox>) {
        var node: AnyInstanceBox? = instances.takeRetainedValue()
        while let current = node {
            node = current.next.take()
        }
    }

    /// The `graph` instance of `entry` built by this resolution, if any, unretained: the
    /// resolution keeps it.
    @inline(__always)
    func graphInstance(of entry: Entry) -> Unmanaged<AnyInstanceBox>? {
        let head = graph.load(ordering: .acquiring)
        guard graphEntries.load(ordering: .relaxed) & entry.filterBit != 0 else { return nil }
        if let last = lastFound.load(ordering: .acquiring), last._withUnsafeGuaranteedRef({ $0.graphEntry === entry }) {
            return last
        }
        let found = Self.find(entry, from: head, upTo: nil)
        if let found { lastFound.store(found, ordering: .releasing) }
        return found
    }

    /// Keeps `box` (a new box, not yet shared) as the `graph` instance of `entry` and returns it —
    /// or, when a concurrent step of this resolution (an `async` factory's child task) kept one
    /// first, returns that one — unretained: the resolution keeps it.
    func keepGraphInstance(_ box: AnyInstanceBox, of entry: Entry) -> Unmanaged<AnyInstanceBox> {
        box.graphEntry = entry
        var head = graph.load(ordering: .acquiring)
        // Set before the box is published: whoever sees the box sees the bit.
        let bit = entry.filterBit
        let mayBeKept = graphEntries.bitwiseOr(bit, ordering: .relaxed).oldValue & bit != 0
        var searched: Unmanaged<AnyInstanceBox>? = nil
        let node = Unmanaged.passUnretained(box)
        while true {
            // Every box reachable from `head` had its bit set before it was published, so a bit
            // this step found clear means none of them is `entry`'s: only later nodes need a look.
            if mayBeKept || searched != nil, let kept = Self.find(entry, from: head, upTo: searched) { return kept }
            searched = head
            // The new head holds the previous one strongly; the atomic's own reference moves to it.
            box.next = head?.takeRetainedValue()
            let (exchanged, original) = graph.compareExchange(expected: head, desired: node, ordering: .acquiringAndReleasing)
            if exchanged {
                return node.retain()
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
    ) -> Unmanaged<AnyInstanceBox>? {
        var node = start
        while let current = node, current.toOpaque() != end?.toOpaque() {
            let (isMatch, next) = current._withUnsafeGuaranteedRef { box in
                (box.graphEntry === entry, box.next.map(Unmanaged.passUnretained))
            }
            if isMatch { return current }
            node = next
        }
        return nil
    }
}

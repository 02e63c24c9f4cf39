import Synchronization

/// One top-level resolve and everything its steps share: the container it started at, the test
/// overrides in effect, whether it is traced, and its `graph` instances. Synchronous and `async`
/// steps share it alike; it ends when its last step does (the steps keep it alive). Synchronous
/// top-level resolves take it from their thread's pool (`ThreadContext.makeResolution`).
///
/// `@unchecked Sendable`, reviewed: `container`, `scope` and `isTraced` are set only while the
/// resolution is uniquely referenced by its thread's pool or by the resolve that takes it from
/// there, and are constant in between; `graph` and `completions` are atomic.
final class Resolution: @unchecked Sendable {
    /// Where the request started: every step looks its dependencies up from here. Set for as
    /// long as the resolution is in use.
    private var containerStorage: Container?
    private(set) var scope: OverrideScope?
    /// Whether steps are reported to the container's tracing handler.
    private(set) var isTraced = false
    /// The `graph` instances built so far, newest first (a list the resolution retains).
    private let graph = Atomic<Unmanaged<GraphInstance>?>(nil)
    /// New instances waiting for their `initCompleted` hooks (`Container+Completion.swift`).
    let completions = PendingCompletions()
    /// The next resolution of the pool this one waits in (`ThreadContext`).
    var nextFree: Unmanaged<Resolution>?

    init(container: Container, scope: OverrideScope?, isTraced: Bool) {
        start(container: container, scope: scope, isTraced: isTraced)
    }

    deinit {
        graph.load(ordering: .acquiring)?.release()
    }

    /// Makes this unused resolution the one of a new resolve.
    @inline(__always)
    func start(container: Container, scope: OverrideScope?, isTraced: Bool) {
        containerStorage = container
        if let scope { self.scope = scope }
        self.isTraced = isTraced
    }

    /// Drops what the resolution kept, so that a pooled one keeps nothing alive. Only for a
    /// resolution nothing else holds.
    @inline(__always)
    func clear() {
        containerStorage = nil
        if scope != nil { scope = nil }
        if let instances = graph.exchange(nil, ordering: .acquiring) { instances.release() }
    }

    var container: Container { containerStorage.unsafelyUnwrapped }

    /// Identifies this resolution to `InstanceCell` and `WaitGraph`.
    var owner: ObjectIdentifier { ObjectIdentifier(self) }

    /// The `graph` instance of `entry` built by this resolution, if any.
    @inline(__always)
    func graphInstance(of entry: Entry) -> AnyInstanceBox? {
        GraphInstance.find(entry, from: graph.load(ordering: .acquiring), upTo: nil)
    }

    /// Keeps `box` as the `graph` instance of `entry` and returns it — or, when a concurrent step
    /// of this resolution (an `async` factory's child task) kept one first, returns that one.
    func keepGraphInstance(_ box: AnyInstanceBox, of entry: Entry) -> AnyInstanceBox {
        var head = graph.load(ordering: .acquiring)
        var searched: Unmanaged<GraphInstance>? = nil
        while true {
            if let kept = GraphInstance.find(entry, from: head, upTo: searched) { return kept }
            searched = head
            let node = Unmanaged.passRetained(GraphInstance(entry: entry, box: box, next: head?.takeUnretainedValue()))
            let (exchanged, original) = graph.compareExchange(expected: head, desired: node, ordering: .acquiringAndReleasing)
            if exchanged {
                // The new node holds the previous head strongly; the atomic's own reference moves to it.
                head?.release()
                return box
            }
            node.release()
            head = original
        }
    }
}

/// One `graph` instance of a resolution, in an immutable list.
final class GraphInstance: Sendable {
    let entry: Entry
    let box: AnyInstanceBox
    let next: GraphInstance?

    init(entry: Entry, box: AnyInstanceBox, next: GraphInstance?) {
        self.entry = entry
        self.box = box
        self.next = next
    }

    /// The instance of `entry` in the list from `start`, stopping before `end`; oldest entries
    /// last. The list is walked unretained: its head's owner keeps every node.
    static func find(_ entry: Entry, from start: Unmanaged<GraphInstance>?, upTo end: Unmanaged<GraphInstance>?) -> AnyInstanceBox? {
        var node = start
        while let current = node, current.toOpaque() != end?.toOpaque() {
            let (found, next) = current._withUnsafeGuaranteedRef { node in
                (node.entry === entry ? node.box : nil, node.next.map(Unmanaged.passUnretained))
            }
            if let found { return found }
            node = next
        }
        return nil
    }
}

import Synchronization

/// One top-level resolve and everything its steps share: the container it started at, the test
/// overrides in effect, whether it is traced, and its `graph` instances. Synchronous and `async`
/// steps share it alike; it ends when its last step does (the steps keep it alive).
final class Resolution: Sendable {
    /// Where the request started: every step looks its dependencies up from here.
    let container: Container
    let scope: OverrideScope?
    /// Whether steps are reported to the container's tracing handler.
    let isTraced: Bool
    /// The `graph` instances built so far, newest first (a list the resolution retains).
    private let graph = Atomic<Unmanaged<GraphInstance>?>(nil)
    /// New instances waiting for their `initCompleted` hooks (`Container+Completion.swift`).
    let completions = PendingCompletions()

    init(container: Container, scope: OverrideScope?, isTraced: Bool) {
        self.container = container
        self.scope = scope
        self.isTraced = isTraced
    }

    deinit {
        graph.load(ordering: .acquiring)?.release()
    }

    /// Identifies this resolution to `InstanceCell` and `WaitGraph`.
    var owner: ObjectIdentifier { ObjectIdentifier(self) }

    /// The `graph` instance of `entry` built by this resolution, if any.
    func graphInstance(of entry: Entry) -> AnyInstanceBox? {
        graph.load(ordering: .acquiring)?.takeUnretainedValue().find(entry, upTo: nil)
    }

    /// Keeps `box` as the `graph` instance of `entry` and returns it — or, when a concurrent step
    /// of this resolution (an `async` factory's child task) kept one first, returns that one.
    func keepGraphInstance(_ box: AnyInstanceBox, of entry: Entry) -> AnyInstanceBox {
        var head = graph.load(ordering: .acquiring)
        var searched: GraphInstance? = nil
        while true {
            let current = head?.takeUnretainedValue()
            if let current, let kept = current.find(entry, upTo: searched) { return kept }
            searched = current
            let node = Unmanaged.passRetained(GraphInstance(entry: entry, box: box, next: current))
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

    /// The instance of `entry` in this list, stopping before `end`; oldest entries last.
    func find(_ entry: Entry, upTo end: GraphInstance?) -> AnyInstanceBox? {
        var node: GraphInstance? = self
        while let current = node, current !== end {
            if current.entry === entry { return current.box }
            node = current.next
        }
        return nil
    }
}

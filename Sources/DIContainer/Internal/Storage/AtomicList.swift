import Synchronization

/// A list that several threads add to without a lock: an atomic pointer to the newest node of an
/// immutable linked list, each node retaining the one added before it. Stored inline in its owner
/// (no allocation until the first element). Readers use what they loaded for as long as they
/// hold the owner: nodes are released only by `takeAll()` (whose caller then owns them) or with
/// the list.
struct AtomicList<Element: Sendable>: ~Copyable, Sendable {
    private final class Node: Sendable {
        let element: Element
        let previous: Node?

        init(_ element: Element, after previous: Node?) {
            self.element = element
            self.previous = previous
        }

        /// The elements up to this node, oldest first.
        var elements: [Element] {
            var elements: [Element] = []
            var node: Node? = self
            while let current = node {
                elements.append(current.element)
                node = current.previous
            }
            return elements.reversed()
        }
    }

    /// The newest node, retained here.
    private let newest = Atomic<Unmanaged<Node>?>(nil)

    init() {}

    deinit {
        newest.load(ordering: .acquiring)?.release()
    }

    /// Whether nothing was added (or everything was taken): one atomic load.
    @inline(__always)
    var isEmpty: Bool {
        newest.load(ordering: .acquiring) == nil
    }

    /// The elements, oldest first, without removing them.
    var elements: [Element] {
        newest.load(ordering: .acquiring)?.takeUnretainedValue().elements ?? []
    }

    /// Adds `element` after the others.
    func append(_ element: Element) {
        var current = newest.load(ordering: .acquiring)
        while true {
            let node = Unmanaged.passRetained(Node(element, after: current?.takeUnretainedValue()))
            let (exchanged, original) = newest.compareExchange(
                expected: current, desired: node, ordering: .acquiringAndReleasing)
            if exchanged {
                // The new node holds the previous one strongly; the atomic's own reference moves to it.
                current?.release()
                return
            }
            node.release()
            current = original
        }
    }

    /// Removes and returns every element, oldest first.
    func takeAll() -> [Element] {
        newest.exchange(nil, ordering: .acquiringAndReleasing)?.takeRetainedValue().elements ?? []
    }
}

// A 10-level chain whose every level also depends on one shared node (case "graph lifetime"):
// within one top-level resolve the graph lifetime builds `SharedNode` once and hands the same
// instance to all ten levels; the hand-wired version does the same by hand.

/// The node every level shares.
final class SharedNode: Sendable {
    init() {}
}

/// The bottom of the graph chain: depends on the shared node only.
final class Node0: Sendable {
    let shared: SharedNode

    init(shared: SharedNode) {
        self.shared = shared
    }
}

/// Level 1 of the graph chain: depends on level 0 and on the shared node.
final class Node1: Sendable {
    let previous: Node0
    let shared: SharedNode

    init(previous: Node0, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

/// Level 2 of the graph chain: depends on level 1 and on the shared node.
final class Node2: Sendable {
    let previous: Node1
    let shared: SharedNode

    init(previous: Node1, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

/// Level 3 of the graph chain: depends on level 2 and on the shared node.
final class Node3: Sendable {
    let previous: Node2
    let shared: SharedNode

    init(previous: Node2, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

/// Level 4 of the graph chain: depends on level 3 and on the shared node.
final class Node4: Sendable {
    let previous: Node3
    let shared: SharedNode

    init(previous: Node3, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

/// Level 5 of the graph chain: depends on level 4 and on the shared node.
final class Node5: Sendable {
    let previous: Node4
    let shared: SharedNode

    init(previous: Node4, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

/// Level 6 of the graph chain: depends on level 5 and on the shared node.
final class Node6: Sendable {
    let previous: Node5
    let shared: SharedNode

    init(previous: Node5, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

/// Level 7 of the graph chain: depends on level 6 and on the shared node.
final class Node7: Sendable {
    let previous: Node6
    let shared: SharedNode

    init(previous: Node6, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

/// Level 8 of the graph chain: depends on level 7 and on the shared node.
final class Node8: Sendable {
    let previous: Node7
    let shared: SharedNode

    init(previous: Node7, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

/// Level 9 of the graph chain: depends on level 8 and on the shared node.
final class Node9: Sendable {
    let previous: Node8
    let shared: SharedNode

    init(previous: Node8, shared: SharedNode) {
        self.previous = previous
        self.shared = shared
    }
}

extension Node9 {
    /// Whether all ten levels hold the same `SharedNode`: what the graph lifetime promises within
    /// one resolve. The runner checks it before timing, so the graph case measures what it says.
    var sharesOneNode: Bool {
        let levels: [SharedNode] = [
            shared, previous.shared, previous.previous.shared, previous.previous.previous.shared,
            previous.previous.previous.previous.shared,
            previous.previous.previous.previous.previous.shared,
            previous.previous.previous.previous.previous.previous.shared,
            previous.previous.previous.previous.previous.previous.previous.shared,
            previous.previous.previous.previous.previous.previous.previous.previous.shared,
            previous.previous.previous.previous.previous.previous.previous.previous.previous.shared,
        ]
        return levels.allSatisfy { $0 === shared }
    }
}

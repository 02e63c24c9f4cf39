import Dependencies

// swift-dependencies' registrations for the graph chain. It has no graph lifetime (one instance
// shared within one resolve), so the factories take the shared node as a parameter and hand it
// down, as its users would write it; the top-level read builds the node once.

/// Builds the node every level of the graph chain shares.
enum MakeSharedNodeKey: DependencyKey {
    static let liveValue: @Sendable () -> SharedNode = { SharedNode() }
}

/// Builds the bottom of the graph chain on the shared node it is given.
enum MakeNode0Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node0 = { shared in Node0(shared: shared) }
}

/// Builds level 1 of the graph chain, handing the shared node down.
enum MakeNode1Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node1 = { shared in
        @Dependency(\.makeNode0) var makeNode0
        return Node1(previous: makeNode0(shared), shared: shared)
    }
}

/// Builds level 2 of the graph chain, handing the shared node down.
enum MakeNode2Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node2 = { shared in
        @Dependency(\.makeNode1) var makeNode1
        return Node2(previous: makeNode1(shared), shared: shared)
    }
}

/// Builds level 3 of the graph chain, handing the shared node down.
enum MakeNode3Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node3 = { shared in
        @Dependency(\.makeNode2) var makeNode2
        return Node3(previous: makeNode2(shared), shared: shared)
    }
}

/// Builds level 4 of the graph chain, handing the shared node down.
enum MakeNode4Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node4 = { shared in
        @Dependency(\.makeNode3) var makeNode3
        return Node4(previous: makeNode3(shared), shared: shared)
    }
}

/// Builds level 5 of the graph chain, handing the shared node down.
enum MakeNode5Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node5 = { shared in
        @Dependency(\.makeNode4) var makeNode4
        return Node5(previous: makeNode4(shared), shared: shared)
    }
}

/// Builds level 6 of the graph chain, handing the shared node down.
enum MakeNode6Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node6 = { shared in
        @Dependency(\.makeNode5) var makeNode5
        return Node6(previous: makeNode5(shared), shared: shared)
    }
}

/// Builds level 7 of the graph chain, handing the shared node down.
enum MakeNode7Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node7 = { shared in
        @Dependency(\.makeNode6) var makeNode6
        return Node7(previous: makeNode6(shared), shared: shared)
    }
}

/// Builds level 8 of the graph chain, handing the shared node down.
enum MakeNode8Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node8 = { shared in
        @Dependency(\.makeNode7) var makeNode7
        return Node8(previous: makeNode7(shared), shared: shared)
    }
}

/// Builds level 9 of the graph chain, handing the shared node down.
enum MakeNode9Key: DependencyKey {
    static let liveValue: @Sendable (SharedNode) -> Node9 = { shared in
        @Dependency(\.makeNode8) var makeNode8
        return Node9(previous: makeNode8(shared), shared: shared)
    }
}

extension DependencyValues {
    /// Builds the node every level of the graph chain shares.
    var makeSharedNode: @Sendable () -> SharedNode {
        get { self[MakeSharedNodeKey.self] }
        set { self[MakeSharedNodeKey.self] = newValue }
    }

    /// Builds the bottom of the graph chain on the shared node it is given.
    var makeNode0: @Sendable (SharedNode) -> Node0 {
        get { self[MakeNode0Key.self] }
        set { self[MakeNode0Key.self] = newValue }
    }

    /// Builds level 1 of the graph chain, handing the shared node down.
    var makeNode1: @Sendable (SharedNode) -> Node1 {
        get { self[MakeNode1Key.self] }
        set { self[MakeNode1Key.self] = newValue }
    }

    /// Builds level 2 of the graph chain, handing the shared node down.
    var makeNode2: @Sendable (SharedNode) -> Node2 {
        get { self[MakeNode2Key.self] }
        set { self[MakeNode2Key.self] = newValue }
    }

    /// Builds level 3 of the graph chain, handing the shared node down.
    var makeNode3: @Sendable (SharedNode) -> Node3 {
        get { self[MakeNode3Key.self] }
        set { self[MakeNode3Key.self] = newValue }
    }

    /// Builds level 4 of the graph chain, handing the shared node down.
    var makeNode4: @Sendable (SharedNode) -> Node4 {
        get { self[MakeNode4Key.self] }
        set { self[MakeNode4Key.self] = newValue }
    }

    /// Builds level 5 of the graph chain, handing the shared node down.
    var makeNode5: @Sendable (SharedNode) -> Node5 {
        get { self[MakeNode5Key.self] }
        set { self[MakeNode5Key.self] = newValue }
    }

    /// Builds level 6 of the graph chain, handing the shared node down.
    var makeNode6: @Sendable (SharedNode) -> Node6 {
        get { self[MakeNode6Key.self] }
        set { self[MakeNode6Key.self] = newValue }
    }

    /// Builds level 7 of the graph chain, handing the shared node down.
    var makeNode7: @Sendable (SharedNode) -> Node7 {
        get { self[MakeNode7Key.self] }
        set { self[MakeNode7Key.self] = newValue }
    }

    /// Builds level 8 of the graph chain, handing the shared node down.
    var makeNode8: @Sendable (SharedNode) -> Node8 {
        get { self[MakeNode8Key.self] }
        set { self[MakeNode8Key.self] = newValue }
    }

    /// Builds level 9 of the graph chain, handing the shared node down.
    var makeNode9: @Sendable (SharedNode) -> Node9 {
        get { self[MakeNode9Key.self] }
        set { self[MakeNode9Key.self] = newValue }
    }
}

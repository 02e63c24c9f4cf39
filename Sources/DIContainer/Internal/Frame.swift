import Locking
import Synchronization

/// One step of an `async` resolution: the registration being built and the step that asked for
/// it. It is also the `Resolver` handed to that registration's `async` factory, so nested
/// resolves continue the same resolution (its path, its `graph` instances, its scope). Frames
/// form an immutable linked list from the top-level request, so concurrent child tasks of an
/// `async` factory each extend their own path, and cycles are found by walking it.
///
/// Synchronous steps do not use frames: they live on the thread's `ResolutionStack`. A
/// synchronous dependency of an `async` factory starts a stack resolution whose `base` is the
/// factory's frame.
///
/// The top-level frame also holds what the whole resolution shares, freed when it returns: its
/// `graph` instances. Every frame carries the scope (test overrides, validation) it runs in.
@usableFromInline
final class Frame: Sendable {
    let container: Container
    // Unowned, to keep a step to one retain: the entry lives as long as the registry that
    // answered (tables keep their entries), which the container keeps, which every resolver that
    // carries this frame keeps; the top-level frame is reachable through `parent`.
    unowned(unsafe) let entry: Entry
    let parent: Frame?
    let depth: Int
    let scope: Scope?
    /// The top-level frame; `nil` when this is it.
    private unowned(unsafe) let root: Frame?
    /// The `graph` instances of this resolution (top-level frame only), made on first use so
    /// that resolutions without `graph` registrations allocate nothing for them.
    private let graphStore = Atomic<Unmanaged<GraphStore>?>(nil)

    /// A top-level frame.
    init(entry: Entry, scope: Scope?, container: Container) {
        self.container = container
        self.entry = entry
        self.parent = nil
        self.depth = 1
        self.scope = scope
        self.root = nil
    }

    /// A nested frame, for a dependency `parent`'s factory asked for.
    init(entry: Entry, parent: Frame) {
        self.container = parent.container
        self.entry = entry
        self.parent = parent
        self.depth = parent.depth + 1
        self.scope = parent.scope
        self.root = parent.top
    }

    deinit {
        graphStore.load(ordering: .acquiring)?.release()
    }

    /// The top-level frame of this resolution.
    var top: Frame { root ?? self }

    /// The top-level frame's `graph` instances, made on first use.
    private var graph: GraphStore {
        let top = top
        if let store = top.graphStore.load(ordering: .acquiring) { return store.takeUnretainedValue() }
        let store = GraphStore([])
        let candidate = Unmanaged.passRetained(store)
        let (stored, original) = top.graphStore.compareExchange(
            expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        if stored { return store }
        candidate.release()
        return original?.takeUnretainedValue() ?? store
    }

    /// The services from the top-level request to this one.
    var path: [ServiceKey] {
        var steps: [ServiceKey] = []
        var frame: Frame? = self
        while let current = frame {
            steps.append(current.entry.service)
            frame = current.parent
        }
        return steps.reversed()
    }

    /// The frame building `entry` on this path, if any: the start of a cycle.
    ///
    /// Walks the path unretained (every frame on it is kept alive by `self`), so checking for a
    /// cycle costs no reference counting, only the comparisons.
    func ancestor(building entry: Entry) -> Frame? {
        var frame = Unmanaged.passUnretained(self)
        while true {
            let (found, parent) = frame._withUnsafeGuaranteedRef { frame in
                (frame.entry === entry, frame.parentUnretained)
            }
            if found { return frame.takeUnretainedValue() }
            guard let parent else { return nil }
            frame = parent
        }
    }

    private var parentUnretained: Unmanaged<Frame>? {
        guard let parent else { return nil }
        return Unmanaged.passUnretained(parent)
    }

    /// The `graph` instance of `entry` in this resolution, if built.
    func graphInstance(of entry: Entry) -> AnyInstanceBox? {
        let id = ObjectIdentifier(entry)
        return graph.withLock { instances in instances.first { $0.entry == id }?.box }
    }

    /// Stores `made` as the `graph` instance of `entry`, unless a concurrent step of this
    /// resolution (an `async` factory's child task) stored one meanwhile; returns the one kept.
    func storeGraphInstance(_ made: AnyInstanceBox, of entry: Entry) -> AnyInstanceBox {
        let id = ObjectIdentifier(entry)
        return graph.withLock { instances in
            if let existing = instances.first(where: { $0.entry == id }) { return existing.box }
            instances.append((id, made))
            return made
        }
    }
}

/// The `graph` instances of one resolution: a short list searched linearly (a resolution
/// rarely holds more than a handful), cheaper than hashing.
typealias GraphStore = Locked<[(entry: ObjectIdentifier, box: AnyInstanceBox)]>

extension Frame: Resolver {
    @usableFromInline
    func resolve<S>(_ type: S.Type, name: Name?) throws -> S {
        try container.resolve(
            S.self, key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), arguments: (),
            from: .top(scope, base: self), on: .current(key: container.stackKey))
    }

    @usableFromInline
    func resolve<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) throws -> S {
        try container.resolve(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self),
            arguments: (repeat each arguments), from: .top(scope, base: self), on: .current(key: container.stackKey))
    }

    @usableFromInline
    func resolveAsync<S>(_ type: S.Type, name: Name?) async throws -> S {
        try await container.resolveAsync(
            S.self, key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), arguments: (), from: self)
    }

    @usableFromInline
    func resolveAsync<S, each A>(_ type: S.Type, name: Name?, arguments: repeat each A) async throws -> S {
        try await container.resolveAsync(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self),
            arguments: (repeat each arguments), from: self)
    }

    @usableFromInline
    func resolveAll<S>(_ type: S.Type) throws -> [S] {
        try container.resolveAll(S.self, from: .top(scope, base: self), on: .current(key: container.stackKey))
    }
}

import Locking
import Dispatch
import Synchronization

/// Where a `singleton` (or `weak`) registration keeps its instance.
///
/// Reading a built singleton is one atomic load. Building it happens exactly once: the first
/// resolver marks the cell as being built, releases the lock and runs the factory; later
/// resolvers wait for it (a `DispatchGroup` for synchronous resolves, the building `Task` for
/// `async` ones). No lock is held while user code runs. If the factory throws, the cell returns
/// to empty and the next resolve tries again.
final class InstanceCell: Sendable {
    private enum Building {
        case idle
        case sync(DispatchGroup, owner: ObjectIdentifier)
        case async(Task<AnyInstanceBox, any Error>, owner: ObjectIdentifier)
    }

    private enum Step {
        case done(AnyInstanceBox)
        case build(DispatchGroup)
        case wait(DispatchGroup, owner: ObjectIdentifier)
        case await(Task<AnyInstanceBox, any Error>, owner: ObjectIdentifier)
    }

    /// Stands in for the cell of lifetimes that keep no instance (`transient`, `graph`), so
    /// those registrations allocate none.
    static let unused = InstanceCell(weak: false)

    /// The built instance, retained by the cell once stored and never replaced, so readers may
    /// use it without a lock. (Not `AtomicLazyReference`: its `load()` is not inlinable and
    /// costs several hundred instructions per call.)
    private let instance = Atomic<Unmanaged<AnyInstanceBox>?>(nil)
    private let building = Locked(Building.idle)
    private let weakSlot: Locked<WeakReference>?

    init(weak: Bool) {
        weakSlot = weak ? Locked(WeakReference()) : nil
    }

    deinit {
        instance.load(ordering: .acquiring)?.release()
    }

    /// The built instance, if any: one atomic load.
    @inline(__always)
    func load() -> AnyInstanceBox? {
        instance.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// The built instance, unretained: the cell keeps it until the cell itself is released.
    @inline(__always)
    func unretainedInstance() -> Unmanaged<AnyInstanceBox>? {
        instance.load(ordering: .acquiring)
    }

    /// Stores `box` unless an instance is stored already; returns the one stored.
    func storeIfNil(_ box: AnyInstanceBox) -> AnyInstanceBox {
        let candidate = Unmanaged.passRetained(box)
        let (stored, original) = instance.compareExchange(
            expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        if stored { return box }
        candidate.release()
        return original?.takeUnretainedValue() ?? box
    }

    /// The singleton, built by `make` if nobody built it yet.
    ///
    /// - Parameters:
    ///   - owner: The top-level resolution asking, to detect two resolutions waiting on each other.
    ///   - onDeadlock: Makes the error thrown when waiting would never end.
    func singleton(
        owner: ObjectIdentifier, onDeadlock: () -> any Error, make: () throws -> AnyInstanceBox
    ) throws -> AnyInstanceBox {
        while true {
            if let box = load() { return box }
            let step = nextStep { building in
                let group = DispatchGroup()
                group.enter()
                building = .sync(group, owner: owner)
                return .build(group)
            }
            switch step {
            case .done(let box):
                return box
            case .build(let group):
                WaitGraph.shared.building(self, by: owner)
                defer {
                    WaitGraph.shared.built(self)
                    building.withLock { $0 = .idle }
                    group.leave()
                }
                return storeIfNil(try make())
            case .wait(let group, let builder):
                try WaitGraph.shared.wait(for: self, builtBy: builder, waiter: owner, onDeadlock: onDeadlock) {
                    group.wait()
                }
            case .await:
                // An async resolve is building it: a synchronous resolve cannot wait for a task.
                // Build it here; whichever instance is stored first wins and is returned to both.
                return storeIfNil(try make())
            }
        }
    }

    /// The singleton of an `async` factory, built exactly once even when many tasks ask at once.
    func singleton(
        owner: ObjectIdentifier, onDeadlock: @Sendable () -> any Error,
        make: @escaping @Sendable () async throws -> AnyInstanceBox
    ) async throws -> AnyInstanceBox {
        while true {
            if let box = load() { return box }
            let step = nextStep { building in
                let task = Task { try await make() }
                building = .async(task, owner: owner)
                return .await(task, owner: owner)
            }
            switch step {
            case .done(let box):
                return box
            case .build:
                continue  // not produced on this path
            case .wait(let group, let builder):
                try WaitGraph.shared.wait(for: self, builtBy: builder, waiter: owner, onDeadlock: onDeadlock) {
                    group.wait()
                }
            case .await(let task, let builder):
                if builder != owner {
                    try WaitGraph.shared.checkWait(
                        for: self, builtBy: builder, waiter: owner, record: true, onDeadlock: onDeadlock)
                } else {
                    WaitGraph.shared.building(self, by: owner)
                }
                defer {
                    if builder == owner { WaitGraph.shared.built(self) } else { WaitGraph.shared.endWait(owner) }
                }
                do {
                    let box = storeIfNil(try await task.value)
                    building.withLock { if case .async = $0 { $0 = .idle } }
                    return box
                } catch {
                    building.withLock { building in
                        if case .async(let current, _) = building, current == task { building = .idle }
                    }
                    if builder == owner { throw error }
                    // Another resolution's factory failed: try again, as the first resolver.
                }
            }
        }
    }

    /// Under the lock: the built instance, or what to do about a build in progress; `claim`
    /// starts the build when nobody has.
    private func nextStep(claimingIdleCellWith claim: (inout Building) -> Step) -> Step {
        building.withLock { building in
            if let box = load() { return .done(box) }
            switch building {
            case .idle:
                return claim(&building)
            case .sync(let group, let builder):
                return .wait(group, owner: builder)
            case .async(let task, let builder):
                return .await(task, owner: builder)
            }
        }
    }

    /// The `weak` instance, if somebody still holds it. Value types cannot be held weakly: a
    /// `weak` registration of one builds it on every resolve.
    func weakInstance<S>(_: S.Type) -> S? {
        return weakSlot?.withLock { $0.object } as? S
    }

    /// Keeps a weak hold on `made` unless another live instance got there first, and returns
    /// the one that is kept.
    func storeWeak<S>(_ made: S) -> S {
        guard let weakSlot, type(of: made as Any) is AnyClass else { return made }
        return weakSlot.withLock { reference in
            if let existing = reference.object as? S { return existing }
            reference.object = made as AnyObject
            return made
        }
    }
}

/// A weak hold on the instance of a `weak` registration.
private struct WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
}

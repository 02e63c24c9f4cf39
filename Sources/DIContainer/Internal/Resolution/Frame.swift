import Locking
import Synchronization

/// One step of a resolution: the registration being built, below the steps that asked for it.
/// It is the resolver its factory receives, so whatever the factory resolves through it — on this
/// thread, on another one, or in child tasks of an `async` factory — continues the resolution:
/// same path for errors and cycle checks, same `graph` instances, same test overrides.
///
/// Frames form a list towards the top-level step, so concurrent child steps can share their
/// parent. Once its factory has returned, a frame used as a resolver starts a new resolution in
/// its container, as `container.resolve` does.
///
/// Synchronous steps take their frame from the thread's pool (`ThreadContext.makeFrame`) and give
/// it back when nothing else holds it any more (`ThreadContext.recycle`): a resolution allocates
/// no frame once its thread has resolved something as deep before.
///
/// `@unchecked Sendable`, reviewed: the properties are set only while the frame is uniquely
/// referenced by its thread's pool or by the engine that takes it from there (before it is handed
/// to a factory, after the last other reference is gone), and are constant in between; `finished`
/// is atomic.
final class Frame: @unchecked Sendable {
    /// Set while the frame is in use; `nil` while it waits in a pool.
    private var entryStorage: Entry?
    private(set) var parent: Frame?
    private var resolutionStorage: Resolution?
    /// 1 for the top-level request.
    private(set) var depth = 0
    /// One bit per entry on the path up to this step (see `bit(for:)`): when an entry's bit is
    /// clear it is not in flight, and the cycle check needs no walk.
    private(set) var inFlight: UInt64 = 0
    /// Collects what this step's factory asks for, on the first run of its registration.
    private(set) var recorder: DependencyRecorder?
    private let finished = Atomic<Bool>(false)
    /// The next frame of the pool this one waits in.
    var nextFree: Frame?

    /// A step for `entry` below `parent`, or the top-level step. Throws on a cycle.
    convenience init(entry: Entry, parent: Frame?, resolution: Resolution) throws {
        try Self.checkCycle(entry, below: parent)
        self.init()
        start(entry: entry, parent: parent, resolution: resolution)
    }

    /// An unused frame, for a pool.
    init() {}

    /// Makes this unused frame the step for `entry` below `parent` (already checked for cycles).
    func start(entry: Entry, parent: Frame?, resolution: Resolution) {
        let bit = Self.bit(for: entry)
        if let parent {
            depth = parent.depth + 1
            inFlight = parent.inFlight | bit
        } else {
            depth = 1
            inFlight = bit
        }
        entryStorage = entry
        self.parent = parent
        resolutionStorage = resolution
        recorder = entry.isObserving ? DependencyRecorder() : nil
    }

    /// Drops what the step referred to, so a pooled frame keeps nothing alive.
    func clear() {
        entryStorage = nil
        parent = nil
        resolutionStorage = nil
        recorder = nil
        finished.store(false, ordering: .relaxed)
    }

    /// The registration this step builds (set for as long as the frame is in use).
    var entry: Entry { entryStorage.unsafelyUnwrapped }

    /// The resolution this step belongs to (set for as long as the frame is in use).
    var resolution: Resolution { resolutionStorage.unsafelyUnwrapped }

    /// Whether the factory has returned: then this frame starts new resolutions.
    var isFinished: Bool { finished.load(ordering: .relaxed) }

    /// Marks the factory as returned, and keeps what it asked for while the registration has no
    /// completed run yet.
    func finish(succeeded: Bool) {
        finished.store(true, ordering: .relaxed)
        if let recorder {
            entry.observe(recorder.dependencies, complete: succeeded)
        }
    }

    /// The services from the top-level request to this step.
    var path: [ServiceKey] {
        var steps: [ServiceKey] = []
        var frame: Frame? = self
        while let current = frame {
            steps.append(current.entry.service)
            frame = current.parent
        }
        return steps.reversed()
    }

    /// The step on this path (this one included) that builds `entry`, if any.
    func ancestor(building entry: Entry) -> Frame? {
        var frame: Frame? = self
        while let current = frame {
            if current.entry === entry { return current }
            frame = current.parent
        }
        return nil
    }

    /// Throws when a step for `entry` below `parent` would close a cycle.
    @inline(__always)
    static func checkCycle(_ entry: Entry, below parent: Frame?) throws {
        guard let parent, parent.inFlight & bit(for: entry) != 0, let start = parent.ancestor(building: entry) else { return }
        let path = parent.path + [entry.service]
        throw ResolutionError(.circularDependency(cycle: Array(path.dropFirst(start.depth - 1))), path: path)
    }

    /// The entry's bit in `inFlight`: a few bits of its address, mixed.
    @inline(__always)
    private static func bit(for entry: Entry) -> UInt64 {
        let address = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(entry)))
        return 1 << UInt64(((address >> 4) ^ (address >> 10)) & 63)
    }
}

/// What one run of a factory asked for, in order (each key once). The list and its lock are made
/// on the first dependency: a leaf service's run allocates only the recorder.
final class DependencyRecorder: Sendable {
    private let list = LazyLocked<[Dependency]>([])

    func record(_ dependency: Dependency) {
        list.withLock { if !$0.contains(dependency) { $0.append(dependency) } }
    }

    var dependencies: [Dependency] {
        list.read { $0 }
    }
}

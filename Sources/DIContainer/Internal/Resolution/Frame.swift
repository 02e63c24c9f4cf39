import Locking
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One step of a resolution: the registration being built, below the steps that asked for it.
/// It is the resolver its factory receives, so whatever the factory resolves through it — on this
/// thread, on another one, or in child tasks of an `async` factory — continues the resolution:
/// same path for errors and cycle checks, same `graph` instances, same test overrides.
///
/// Frames form a list towards the top-level step, so concurrent child steps can share their
/// parent. Once its factory has returned, a frame used as a resolver starts a new resolution in
/// its container, as `container.resolve` does.
///
/// Synchronous steps take their frame from their thread's slot for their level
/// (`ThreadContext.makeFrame`, a `PooledFrame`) and give it back when nothing else holds it any
/// more (`ThreadContext.recycle`): a resolution allocates no frame once its thread has resolved
/// something as deep before.
///
/// While its step runs, a frame refers to its entry, its parent and its resolution unretained:
/// the engine running the step holds all three (case 5 of `Internal/README.md`). A frame that
/// outlives its step — kept by a factory, a `Lazy`, a waiting `initCompleted` hook or a kept child
/// step — retains them from the moment the step ends (`keepReferences()`), as `async` steps do
/// from the start.
///
/// `@unchecked Sendable`, reviewed: the properties are set only while the frame is uniquely
/// referenced by its thread's pool or by the engine that takes it from there (before it is handed
/// to a factory, after the last other reference is gone), and are constant in between, but for
/// `kept`, which only the engine running the step sets, once, when the step ends; `finished` is
/// atomic.
final class Frame: @unchecked Sendable {
    /// Set while the frame is in use; `nil` while it waits in a pool.
    private var entryReference: Unmanaged<Entry>?
    private var parentReference: Unmanaged<Frame>?
    private var resolutionReference: Unmanaged<Resolution>?
    /// The context of the thread the step started on (its pool owns the frame), for its
    /// factory's resolves on that thread; `nil` for frames of no thread's pool.
    private var contextReference: Unmanaged<ThreadContext>?
    /// The same three, retained, once the frame outlives its step.
    private var kept: (entry: Entry, parent: Frame?, resolution: Resolution)?
    /// 1 for the top-level request.
    private(set) var depth = 0
    /// One bit per entry on the path up to this step (`Entry.filterBit`): when an entry's bit is
    /// clear it is not in flight, and the cycle check needs no walk.
    private(set) var inFlight: UInt64 = 0
    /// Collects what this step's factory asks for, on the first run of its registration;
    /// `isRecording` says whether there is one, without a retain.
    private var recorder: DependencyRecorder?
    private var isRecording = false
    private let finished = Atomic<Bool>(false)

    /// A step for `entry` below `parent`, or the top-level step, that retains what it refers to
    /// (an `async` step, a hook's step). Throws on a cycle.
    convenience init(entry: Entry, parent: Frame?, resolution: Resolution) throws {
        try Self.checkCycle(entry, below: parent)
        self.init()
        start(entry: entry, parent: parent, resolution: resolution)
        keepReferences()
    }

    /// An unused frame, for a pool.
    init() {}

    /// Makes this unused frame the step for `entry` below `parent` (already checked for cycles).
    @inline(__always)
    func start(entry: Entry, parent: Frame?, resolution: Resolution) {
        let bit = entry.filterBit
        if let parent {
            depth = parent.depth + 1
            inFlight = parent.inFlight | bit
            parentReference = Unmanaged.passUnretained(parent)
        } else {
            depth = 1
            inFlight = bit
        }
        entryReference = Unmanaged.passUnretained(entry)
        resolutionReference = Unmanaged.passUnretained(resolution)
        if entry.isObserving {
            recorder = DependencyRecorder()
            isRecording = true
        }
    }

    /// Retains the entry, the parent and the resolution: the frame outlives its step.
    func keepReferences() {
        kept = (entry, parent, resolution)
    }

    /// Drops what the step referred to, so a pooled frame refers to nothing. Only for a frame
    /// nothing else holds (so it never kept anything).
    @inline(__always)
    func clear() {
        entryReference = nil
        parentReference = nil
        resolutionReference = nil
        if isRecording {
            recorder = nil
            isRecording = false
        }
        finished.store(false, ordering: .relaxed)
    }

    /// The registration this step builds (set for as long as the frame is in use).
    var entry: Entry { entryReference.unsafelyUnwrapped.takeUnretainedValue() }

    /// The step that asked for this one; `nil` for the top-level step.
    var parent: Frame? { parentReference?.takeUnretainedValue() }

    /// The resolution this step belongs to (set for as long as the frame is in use).
    var resolution: Resolution { resolutionReference.unsafelyUnwrapped.takeUnretainedValue() }

    /// The calling thread's context: the one the step started on when it is the caller's (no
    /// thread-local lookup), else the thread's own.
    @inline(__always)
    func callersContext(key: pthread_key_t) -> Unmanaged<ThreadContext> {
        if let context = contextReference, context._withUnsafeGuaranteedRef({ $0.isCallers }) { return context }
        return ThreadContext.current(key: key)
    }

    /// Notes the context of the thread whose pool the frame comes from.
    @inline(__always)
    func setContext(_ context: ThreadContext) {
        contextReference = Unmanaged.passUnretained(context)
    }

    /// Runs `body` with the resolution, without retaining it (the frame refers to it).
    @inline(__always)
    func withResolution<Result>(_ body: (Resolution) throws -> Result) rethrows -> Result {
        try resolutionReference.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }

    /// Whether the factory has returned: then this frame starts new resolutions.
    var isFinished: Bool { finished.load(ordering: .relaxed) }

    /// Marks the factory as returned, and keeps what it asked for while the registration has no
    /// completed run yet.
    @inline(__always)
    func finish(succeeded: Bool) {
        finished.store(true, ordering: .relaxed)
        if isRecording { keepRecording(succeeded: succeeded) }
    }

    @inline(never)
    private func keepRecording(succeeded: Bool) {
        if let recorder { entry.observe(recorder.dependencies, complete: succeeded) }
    }

    /// Records that this step's factory asked for `dependency`, if the step records: made only
    /// then, and recorded out of line, so that a step that records nothing pays one test.
    @inline(__always)
    func record(_ dependency: @autoclosure () -> Dependency) {
        if isRecording { recordSlowly(dependency()) }
    }

    @inline(never)
    private func recordSlowly(_ dependency: Dependency) {
        recorder?.record(dependency)
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

    /// The depth of the step on this path (this one included) that builds `entry`, if any. Walks
    /// unretained: each step holds its parent.
    func depthOfAncestor(building entry: Entry) -> Int? {
        var frame: Unmanaged<Frame>? = Unmanaged.passUnretained(self)
        while let current = frame {
            let (found, depth, parent) = current._withUnsafeGuaranteedRef {
                ($0.entryReference?.toOpaque() == Unmanaged.passUnretained(entry).toOpaque(), $0.depth, $0.parentReference)
            }
            if found { return depth }
            frame = parent
        }
        return nil
    }

    /// Throws when a step for `entry` below `parent` would close a cycle.
    @inline(__always)
    static func checkCycle(_ entry: Entry, below parent: Frame?) throws {
        guard let parent, parent.inFlight & entry.filterBit != 0, let start = parent.depthOfAncestor(building: entry) else {
            return
        }
        let path = parent.path + [entry.service]
        throw ResolutionError(.circularDependency(cycle: Array(path.dropFirst(start - 1))), path: path)
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

import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the container keeps per thread: the reclamation state of the lookups running on it (see
/// `Reclamation`), the synchronous factory running on it (so that a captured container used
/// inside that factory continues its resolution) and the bounds of its stack (see `StackGuard`).
///
/// Reached through a pthread key (`Container.threadKey`): one `pthread_getspecific` per
/// top-level resolve, and no reference counting (the key's value keeps the context alive).
///
/// `@unchecked Sendable`, reviewed: `readSequence` and `isInUse` are atomic and are the only
/// properties other threads touch (`Reclamation` scans every context); `runningFactory` and
/// `stack` are read and written only by the thread that owns the context.
final class ThreadContext: @unchecked Sendable {
    /// Odd while a lookup runs on this thread; advanced at the start and the end of each
    /// outermost one.
    let readSequence = Atomic<UInt>(0)
    /// How many reads are open on this thread (they nest; see `beginRead()`).
    private var readDepth = 0
    /// Whether a thread owns this context (a context of an exited thread is reused).
    let isInUse = Atomic<Bool>(true)
    /// The thread that owns this context (`currentThread`), 0 while none does: a frame keeps the
    /// context it started on, and uses it again only when this says it is the caller's.
    let owner = Atomic<UInt>(0)
    /// The process's reclamation, which made this context and lives as long as the process.
    unowned(unsafe) let reclamation: Reclamation
    /// The step whose synchronous factory runs on this thread right now, innermost. Unowned: the
    /// engine holds the frame while its factory runs, and restores the previous value after.
    var runningFactory: Frame? {
        get { runningFactoryReference?.takeUnretainedValue() }
        set { runningFactoryReference = newValue.map(Unmanaged.passUnretained) }
    }
    /// `runningFactory`, as stored.
    var runningFactoryReference: Unmanaged<Frame>?
    /// This thread's stack, once measured (see `StackGuard`).
    var stack: Stack?

    /// A thread's stack: its lowest and highest address, and the lowest address a synchronous
    /// step may start at.
    struct Stack {
        let bottom: UInt
        let top: UInt
        let limit: UInt
    }
    /// Unused frames for this thread's synchronous steps, one per nesting level: slot `i` keeps
    /// (retains) the frame of the `i`-th step in flight on this thread between its uses. Steps on
    /// one thread end in the reverse order they start, so a step takes the frame of its level
    /// and gives it back there; frames move in and out of their slot, without reference counting.
    private let frameSlots: UnsafeMutablePointer<PooledFrame?>
    /// How many synchronous steps are in flight on this thread (the next step's level).
    private var framesInUse = 0
    /// The resolution of this thread's synchronous top-level resolves (see `withResolution`).
    private var resolution: Resolution
    /// `resolution`, unretained (the strong reference above keeps it).
    private var resolutionReference: Unmanaged<Resolution>
    private var isResolutionInUse = false
    /// How many levels keep a frame: deeper steps allocate theirs.
    private static let frameSlotCount = 64

    /// A frame for a synchronous step for `entry` below `parent`: its level's one if there is one.
    /// Throws on a cycle. Give it back with `recycle(_:)`, whatever happens.
    @inline(__always)
    func makeFrame(entry: Entry, parent: Frame?, resolution: Resolution) throws -> PooledFrame {
        try Frame.checkCycle(entry, below: parent)
        let level = framesInUse
        framesInUse = level &+ 1
        let pooled = (level < Self.frameSlotCount ? frameSlots[level].take() : nil) ?? makeNewFrame()
        pooled.frameReference._withUnsafeGuaranteedRef {
            $0.start(entry: entry, parent: parent, resolution: resolution)
        }
        return pooled
    }

    /// A frame for this thread's pool.
    @inline(never)
    private func makeNewFrame() -> PooledFrame {
        PooledFrame(context: self)
    }

    /// Gives a finished step's frame back to its level — unless something else still holds it (a
    /// factory that kept its resolver, a `Lazy`, a child step that was kept): then the frame
    /// retains what it refers to from now on, and the level gets a new frame next time.
    @inline(__always)
    func recycle(_ pooled: consuming PooledFrame) {
        let level = framesInUse &- 1
        framesInUse = level
        guard pooled.isFrameUnique else {
            pooled.frameReference._withUnsafeGuaranteedRef { $0.keepReferences() }
            return
        }
        guard level < Self.frameSlotCount else { return }
        pooled.frameReference._withUnsafeGuaranteedRef { $0.clear() }
        // The slot is empty: its frame was taken by `makeFrame` (or there was none).
        (frameSlots + level).initialize(to: consume pooled)
    }

    /// Runs `body` with a resolution for a synchronous top-level resolve of `container`: the
    /// thread's own one, unretained, unless a resolve on this thread is using it already (a
    /// factory starting a new resolution) — then a new one. Afterwards the thread's resolution is
    /// reused, unless something still holds it (a `Lazy`, a kept resolver): then it retains its
    /// container from now on, and the thread makes itself another one.
    @inline(__always)
    func withResolution<Result>(
        of container: Container, scope: OverrideScope?, isTraced: Bool, _ body: (Resolution) throws -> Result
    ) rethrows -> Result {
        guard !isResolutionInUse else {
            return try body(Resolution(container: container, scope: scope, isTraced: isTraced))
        }
        isResolutionInUse = true
        defer { endResolution() }
        return try resolutionReference._withUnsafeGuaranteedRef { resolution in
            resolution.start(container: container, scope: scope, isTraced: isTraced)
            return try body(resolution)
        }
    }

    @inline(__always)
    private func endResolution() {
        if isKnownUniquelyReferenced(&resolution) {
            resolutionReference._withUnsafeGuaranteedRef { $0.clear() }
        } else {
            resolution.keepContainer()
            resolution = Resolution()
            resolutionReference = Unmanaged.passUnretained(resolution)
        }
        isResolutionInUse = false
    }

    init(reclamation: Reclamation) {
        self.reclamation = reclamation
        resolution = Resolution()
        resolutionReference = Unmanaged.passUnretained(resolution)
        frameSlots = .allocate(capacity: Self.frameSlotCount)
        frameSlots.initialize(repeating: nil, count: Self.frameSlotCount)
    }

    /// The pthread key of the contexts.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            let context = Unmanaged<ThreadContext>.fromOpaque(raw).takeRetainedValue()
            #else
            guard let raw else { return }
            let context = Unmanaged<ThreadContext>.fromOpaque(raw).takeRetainedValue()
            #endif
            context.runningFactory = nil
            context.stack = nil
            context.dropPool()
            context.owner.store(0, ordering: .relaxed)
            context.isInUse.store(false, ordering: .releasing)
        }
        return key
    }()

    /// The context of the calling thread, made on its first use, unretained: valid until the
    /// thread exits.
    @inline(__always)
    static func current(key: pthread_key_t) -> Unmanaged<ThreadContext> {
        if let raw = pthread_getspecific(key) {
            return Unmanaged.fromOpaque(raw)
        }
        return attach(key: key)
    }

    /// The context of the calling thread, retained (for code off the hot path).
    static var current: ThreadContext {
        current(key: key).takeUnretainedValue()
    }

    @inline(never)
    private static func attach(key: pthread_key_t) -> Unmanaged<ThreadContext> {
        let context = Unmanaged.passRetained(Reclamation.shared.adopt())
        context._withUnsafeGuaranteedRef { $0.owner.store(currentThread, ordering: .relaxed) }
        pthread_setspecific(key, context.toOpaque())
        return context
    }

    /// The calling thread's identity (never 0 for a running thread).
    @inline(__always)
    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Whether the calling thread owns this context.
    @inline(__always)
    var isCallers: Bool {
        owner.load(ordering: .relaxed) == Self.currentThread
    }

    /// Empties the pools (its thread is exiting).
    fileprivate func dropPool() {
        for level in 0..<Self.frameSlotCount {
            frameSlots[level] = nil
        }
        framesInUse = 0
        resolution = Resolution()
        resolutionReference = Unmanaged.passUnretained(resolution)
    }

    /// Runs `lookup` as a reclamation read: shared pointers it loads stay valid until it returns.
    /// `lookup` must not call user code, and must retain what it returns.
    @inline(__always)
    func read<Result>(_ lookup: () throws -> Result) rethrows -> Result {
        beginRead()
        defer { endRead() }
        return try lookup()
    }

    /// Starts a read, or a read nested in the one running on this thread: only the outermost
    /// read marks the thread. A synchronous top-level resolve keeps one read open until it ends
    /// (`Container.resolve(_:name:)`), so its dependencies' lookups nest in it and cost no
    /// barrier; what is retired meanwhile is released when that read ends.
    @inline(__always)
    func beginRead() {
        if readDepth == 0 {
            readSequence.store(readSequence.load(ordering: .relaxed) &+ 1, ordering: .sequentiallyConsistent)
        }
        readDepth &+= 1
    }

    /// Whether a read is open on this thread.
    var isReading: Bool { readDepth > 0 }

    @inline(__always)
    func endRead() {
        readDepth &-= 1
        guard readDepth == 0 else { return }
        readSequence.store(readSequence.load(ordering: .relaxed) &+ 1, ordering: .releasing)
        if reclamation.hasRetired.load(ordering: .relaxed) {
            reclamation.reclaim()
        }
    }
}

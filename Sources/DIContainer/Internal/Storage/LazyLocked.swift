import Locking
import Synchronization

/// A `Locked` value made on first write: stored inline in its owner, it costs one atomic load
/// (and no allocation, no mutex) while nothing was written. For state most owners never use — a
/// container's decorators and tracing handler, an override scope's instances.
///
/// The `Locked` box is made at most once (racing writers agree on one through a
/// compare-and-exchange) and released with the owner, so a box loaded unretained stays valid
/// while the owner lives.
struct LazyLocked<Value: Sendable>: ~Copyable, Sendable {
    /// The box, retained here; `nil` until the first write.
    private let box = Atomic<Unmanaged<Locked<Value>>?>(nil)
    /// What the value is before the first write.
    private let initial: Value

    init(_ initial: Value) {
        self.initial = initial
    }

    deinit {
        box.load(ordering: .acquiring)?.release()
    }

    /// Runs `body` on the value under its lock, making the box first if needed.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try made()._withUnsafeGuaranteedRef { try $0.withLock(body) }
    }

    /// Whether the box was made (something was written).
    var isMade: Bool {
        box.load(ordering: .acquiring) != nil
    }

    /// Runs `body` on the value under its lock if the box was made, else on the initial value,
    /// read-only and without a lock.
    func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        guard let box = box.load(ordering: .acquiring) else { return try body(initial) }
        return try box._withUnsafeGuaranteedRef { try $0.withLock { try body($0) } }
    }

    /// The box, made now if nobody made it yet.
    @inline(__always)
    private func made() -> Unmanaged<Locked<Value>> {
        if let existing = box.load(ordering: .acquiring) { return existing }
        return make()
    }

    @inline(never)
    private func make() -> Unmanaged<Locked<Value>> {
        let candidate = Unmanaged.passRetained(Locked(initial))
        let (exchanged, original) = box.compareExchange(expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        if exchanged { return candidate }
        candidate.release()
        // Another writer made it first; a box is never replaced, so `original` is set.
        return original ?? make()
    }
}

import DIContainerLocking

/// Where a lifetime keeps a registration's instance: the one protocol behind every lifetime
/// that keeps anything, built in or your own (`Lifetime.custom(_:storage:)`).
///
/// The container owns the instances' construction: on each resolve it asks `current` for the
/// storage of the calling task, reads its `instance`, builds a new instance exactly once per
/// storage whenever it is `nil`, and hands it to that storage's `store(_:)`. The values are
/// opaque boxes the container made; keep them as they are. `instance`, `store(_:)` and `reset()`
/// may be called while the container holds the registration's build lock, so keep them short
/// and never resolve from them.
///
/// A time-to-live storage, for a lifetime Factory users know as `.timeToLive`:
///
/// ```swift
/// final class ExpiringStorage: InstanceStorage {
///     private let seconds: Double
///     private let kept = Mutex<(value: any Sendable, expiry: ContinuousClock.Instant)?>(nil)
///
///     init(seconds: Double) { self.seconds = seconds }
///
///     var instance: (any Sendable)? {
///         kept.withLock { kept in
///             guard let current = kept, ContinuousClock.now < current.expiry else { kept = nil; return nil }
///             return current.value
///         }
///     }
///     func store(_ instance: any Sendable) {
///         kept.withLock { $0 = (instance, ContinuousClock.now.advanced(by: .seconds(seconds))) }
///     }
///     func reset() { kept.withLock { $0 = nil } }
/// }
/// ```
public protocol InstanceStorage: AnyObject, Sendable {
    /// The kept instance, or `nil` when none is kept (never built, released, expired, reset).
    var instance: (any Sendable)? { get }
    /// Keeps `instance`, replacing whatever was kept.
    ///
    /// - Parameter instance: The new instance, as the container boxed it.
    func store(_ instance: any Sendable)
    /// Forgets the kept instance: the next resolve builds a new one.
    func reset()
    /// The storage that keeps the calling task's instance; `self` by default. A storage that
    /// keeps one instance per task or per request returns that task's own storage, so that
    /// builds for different tasks never wait for each other.
    ///
    /// ```swift
    /// var current: any InstanceStorage { Request.current?.storage(for: self) ?? self }
    /// ```
    var current: any InstanceStorage { get }
}

extension InstanceStorage {
    /// `self`: one instance for every task.
    public var current: any InstanceStorage { self }
}

/// `singleton`, `scoped` and `graph`: holds the instance strongly.
final class SharedStorage: InstanceStorage {
    private let kept = Locked<InstanceBox?>(nil)

    var instance: (any Sendable)? { box }

    /// The kept box as it is, which the engine reads without casting `any Sendable` (`Kept`).
    var box: InstanceBox? { kept.withLock { $0 } }

    func store(_ instance: any Sendable) {
        // Only the engine stores here, and only its boxes: anything else would not be kept (and
        // built again), never handed out as something it is not.
        let box = instance as? InstanceBox
        kept.withLock { $0 = box }
    }

    func reset() { kept.withLock { $0 = nil } }
}

/// `weak`: holds a class instance weakly, so it lives while somebody else holds it. A value
/// (or an optional holding none) cannot be held weakly and is not kept.
final class WeakStorage: InstanceStorage {
    private let kept = Locked<InstanceBox?>(nil)

    var instance: (any Sendable)? {
        kept.withLock { $0?.strengthened }
    }

    func store(_ instance: any Sendable) {
        let weakened = (instance as? InstanceBox)?.weakened()
        kept.withLock { $0 = weakened }
    }

    func reset() { kept.withLock { $0 = nil } }
}

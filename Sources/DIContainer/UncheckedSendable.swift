/// A value that is not `Sendable`, declared safe to share between threads by **you**: the
/// explicit opt-out for registering such a service with a shared lifetime, as
/// `nonisolated(unsafe)` is for a variable. The compiler no longer checks it; you answer for its
/// thread safety (an internal lock, a queue, or using it from one thread only).
///
/// The wrapper is part of the key, so every place that resolves the service says so too:
///
/// ```swift
/// // LegacyImageCache guards its state with its own lock, but predates Sendable.
/// container.register(UncheckedSendable<LegacyImageCache>.self, lifetime: .singleton) { _ in
///     UncheckedSendable(LegacyImageCache())
/// }
/// let cache = try container.resolve(UncheckedSendable<LegacyImageCache>.self).value
/// ```
///
/// Prefer making the service `Sendable` (immutable, an actor, or state behind a lock), registering
/// it with `lifetime: .transient`, or, for main-actor state, `registerMainActor`.
public struct UncheckedSendable<Value>: @unchecked Sendable {
    // `@unchecked Sendable` is this type's purpose: the user opted out of checking, by name.

    /// The wrapped value.
    public let value: Value

    /// Wraps `value`, taking responsibility for sharing it between threads.
    ///
    /// - Parameter value: The value to share.
    public init(_ value: Value) {
        self.value = value
    }
}

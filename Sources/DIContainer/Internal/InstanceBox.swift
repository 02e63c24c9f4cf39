import Synchronization

/// A type-erased holder of one resolved instance. The concrete subclass is `InstanceBox<S>`; the
/// registration key proves `S`, so readers downcast with `unsafeDowncast` and skip the dynamic
/// cast that a `[Key: Any]` store would need on every resolve.
///
/// `@unchecked Sendable`, reviewed: the box itself is immutable after initialization. The instance
/// inside is handed to every thread that resolves a shared lifetime (`singleton`, `graph`,
/// `weak`); that sharing is the documented contract of those lifetimes, and services registered
/// with them should be `Sendable` themselves.
@usableFromInline
class AnyInstanceBox: @unchecked Sendable {}

@usableFromInline
final class InstanceBox<S>: AnyInstanceBox, @unchecked Sendable {
    @usableFromInline
    let value: S

    init(_ value: S) {
        self.value = value
    }
}

extension AnyInstanceBox {
    /// The value inside, as the type the key promised.
    @inlinable
    func value<S>(as _: S.Type) -> S {
        unsafeDowncast(self, to: InstanceBox<S>.self).value
    }
}

/// A type-erased holder of one resolved instance. The concrete subclass is `InstanceBox<S>`; the
/// registration key proves `S`, so readers downcast with `unsafeDowncast` and skip the dynamic
/// cast a `[Key: Any]` store would need on every resolve.
///
/// `@unchecked Sendable`, reviewed: the box is immutable after initialization. The instance inside
/// is handed to every thread that resolves a shared lifetime (`singleton`, `graph`, `weak`), which
/// is why only `Sendable` services can be registered with a `Lifetime` (`register` requires
/// `S: Sendable`; `UncheckedSendable` is the user's named opt-out), while a `registerMainActor`
/// registration's box is read only on the main actor.
class AnyInstanceBox: @unchecked Sendable {}

final class InstanceBox<S>: AnyInstanceBox, @unchecked Sendable {
    // `@unchecked Sendable` restated from `AnyInstanceBox`: one `let`.
    let value: S

    init(_ value: S) {
        self.value = value
    }
}

extension Entry {
    /// `value` in a box of the entry's service type, without looking its metadata up. Only for
    /// a registration whose storage keeps boxes (`boxType` is `InstanceBox<S>` only for those).
    @inline(__always)
    func box<S>(_ value: S) -> AnyInstanceBox {
        unsafeBitCast(boxType, to: InstanceBox<S>.Type.self).init(value)
    }
}

extension AnyInstanceBox {
    /// The value inside, as the type the key promised.
    @inline(__always)
    func value<S>(as _: S.Type) -> S {
        unsafeDowncast(self, to: InstanceBox<S>.self).value
    }
}

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

/// The type of an `InstanceBox<S>`, which boxes an `S` without looking its own metadata up: it
/// is the metatype the call is made on.
protocol InstanceBoxing: AnyInstanceBox {
    /// A box holding `value` (a `T` that is this box's `S`).
    static func boxing<T>(_ value: consuming T) -> AnyInstanceBox
    /// Whether `S` is a class, whose instances are objects themselves.
    static var isClassInstance: Bool { get }
}

extension InstanceBox: InstanceBoxing {
    static func boxing<T>(_ value: consuming T) -> AnyInstanceBox {
        Self(unsafeBitCast(value, to: S.self))
    }

    static var isClassInstance: Bool {
        S.self is AnyClass && MemoryLayout<S>.size == MemoryLayout<AnyObject>.size
    }
}

extension Entry {
    /// `value` in a box of the entry's service type, without looking its metadata up (the entry
    /// keeps the box's type). Only for a registration whose storage keeps boxes
    /// (`RegistrationStorage.keepsBoxes`): the others have no box type.
    @inline(__always)
    func box<S>(_ value: consuming S) -> AnyInstanceBox {
        boxType.unsafelyUnwrapped.boxing(value)
    }
}

extension AnyInstanceBox {
    /// The value inside, as the type the key promised.
    @inline(__always)
    func value<S>(as _: S.Type) -> S {
        unsafeDowncast(self, to: InstanceBox<S>.self).value
    }
}

extension Entry {
    /// What a resolution keeps for `value`, a `graph` instance of this registration: the instance
    /// itself when the service is a class, else a box.
    @inline(__always)
    func graphObject<S>(_ value: S) -> AnyObject {
        if keepsGraphInstanceUnboxed { return unsafeBitCast(value, to: AnyObject.self) }
        return box(value)
    }

    /// The `graph` instance `object` (made by `graphObject(_:)`), as the type the key promised.
    @inline(__always)
    func graphValue<S>(_ object: Unmanaged<AnyObject>, as _: S.Type) -> S {
        object._withUnsafeGuaranteedRef { object in
            if keepsGraphInstanceUnboxed { return unsafeBitCast(object, to: S.self) }
            return unsafeDowncast(object, to: AnyInstanceBox.self).value(as: S.self)
        }
    }
}

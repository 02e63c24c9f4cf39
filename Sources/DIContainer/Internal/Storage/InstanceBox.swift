/// An instance as the shared stores keep it: `graph`, `singleton`, `scoped`, `weak` and custom
/// lifetimes hand it to every thread that asks.
///
/// `@unchecked Sendable`, reviewed: one `let`. Only two kinds of value are boxed: services of the
/// shared lifetimes, which `register` requires to be `Sendable`, and `registerMainActor`
/// services, whose boxes the engine opens only on the main actor (it checks before every step).
final class InstanceBox<S>: @unchecked Sendable {
    let value: S

    init(_ value: S) {
        self.value = value
    }
}

/// A box whose instance can be held weakly instead (`WeakStorage`).
protocol Weakenable: Sendable {
    /// A weak hold on the instance; `nil` when it is not a class instance.
    func weakened() -> (any WeakInstance)?
}

/// A weak hold on a boxed class instance.
protocol WeakInstance: Sendable {
    /// A new box of the instance while it is alive, else `nil`.
    var strongBox: (any Sendable)? { get }
}

extension InstanceBox: Weakenable {
    func weakened() -> (any WeakInstance)? {
        guard let object = classInstance(in: value) else { return nil }
        return WeakInstanceBox<S>(object)
    }
}

/// The weak counterpart of `InstanceBox`. `@unchecked Sendable`, reviewed: one `weak let` (the
/// runtime loads weak references atomically) of an instance an `InstanceBox` held.
private final class WeakInstanceBox<S>: WeakInstance, @unchecked Sendable {
    weak let object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }

    var strongBox: (any Sendable)? {
        guard let object, let value = object as? S else { return nil }
        return InstanceBox(value)
    }
}

/// The class instance `value` is or wraps (through optionals), if any.
private func classInstance(in value: Any) -> AnyObject? {
    if let optional = value as? any OptionalResolvable {
        return optional.wrappedValue.flatMap(classInstance(in:))
    }
    guard type(of: value) is AnyClass else { return nil }
    return value as AnyObject
}

/// An instance as the stores keep it (`graph`, `singleton`, `scoped`, `weak` and custom
/// lifetimes hand it to every thread that asks): an `InstanceBox` of the service, or, in a `weak`
/// store and for a resolution's `graph` instances once a `Lazy` may keep them, of a weak hold on
/// it.
protocol AnyInstanceBox: AnyObject, Sendable {
    /// A box holding the instance weakly, or `nil` when it is not a class instance.
    func weakened() -> (any AnyInstanceBox)?
    /// A box holding the instance strongly (this one, unless it holds it weakly), or `nil` once a
    /// weakly held instance was released.
    var strengthened: (any AnyInstanceBox)? { get }
}

/// A boxed instance of `S`.
// `@unchecked Sendable`, reviewed: one `let`. Only three kinds of value are boxed: services of
// the shared lifetimes, which `register` requires to be `Sendable`; `registerMainActor` services,
// whose boxes the engine opens only on the main actor (it checks before every step); and weak
// holds on either (`WeakInstance`, whose weak reference the runtime loads atomically).
final class InstanceBox<S>: AnyInstanceBox, @unchecked Sendable {
    let value: S

    init(_ value: S) {
        self.value = value
    }

    func weakened() -> (any AnyInstanceBox)? {
        guard let object = classInstance(in: value) else { return nil }
        return InstanceBox<WeakInstance<S>>(WeakInstance(object: object))
    }

    var strengthened: (any AnyInstanceBox)? {
        guard let weak = value as? any WeakHold else { return self }
        return weak.strongBox
    }
}

/// A weak hold on an instance of `S` (boxed as `InstanceBox<WeakInstance<S>>`).
struct WeakInstance<S>: WeakHold {
    weak var object: AnyObject?

    var strongBox: (any AnyInstanceBox)? {
        guard let object, let value = object as? S else { return nil }
        return InstanceBox(value)
    }
}

/// `WeakInstance`, whatever its service type.
protocol WeakHold {
    var strongBox: (any AnyInstanceBox)? { get }
}

/// The class instance `value` is or wraps (through optionals), if any.
private func classInstance(in value: Any) -> AnyObject? {
    if let optional = value as? any OptionalResolvable {
        return optional.wrappedValue.flatMap(classInstance(in:))
    }
    guard type(of: value) is AnyClass else { return nil }
    return value as AnyObject
}

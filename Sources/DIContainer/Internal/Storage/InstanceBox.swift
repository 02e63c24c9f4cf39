/// An instance as the stores keep it: `graph`, `singleton`, `scoped`, `weak` and custom
/// lifetimes hand it to every thread that asks.
///
/// `@unchecked Sendable`, reviewed: no stored property here, one `let` in `InstanceBox`. Only
/// two kinds of value are boxed: services of the shared lifetimes, which `register` requires to
/// be `Sendable`, and `registerMainActor` services, whose boxes the engine opens only on the main
/// actor (it checks before every step).
class AnyInstanceBox: @unchecked Sendable {
    /// A weak hold on the instance, or `nil` when it is not a class instance (`WeakStorage`, and
    /// a resolution's `graph` instances once no entry point runs).
    func weakened() -> AnyWeakInstanceBox? { nil }
}

/// A boxed instance of `S`.
final class InstanceBox<S>: AnyInstanceBox, @unchecked Sendable {
    // `@unchecked Sendable` restated from `AnyInstanceBox`: one `let`.
    let value: S

    init(_ value: S) {
        self.value = value
    }

    override func weakened() -> AnyWeakInstanceBox? {
        guard let object = classInstance(in: value) else { return nil }
        return WeakInstanceBox<S>(object)
    }
}

/// A weak hold on a boxed class instance. `@unchecked Sendable`, reviewed: no stored property
/// here, one `weak let` in `WeakInstanceBox` (the runtime loads weak references atomically).
class AnyWeakInstanceBox: @unchecked Sendable {
    /// A new box of the instance while it is alive, else `nil`.
    var strongBox: AnyInstanceBox? { nil }
}

/// The weak counterpart of `InstanceBox`.
private final class WeakInstanceBox<S>: AnyWeakInstanceBox, @unchecked Sendable {
    // `@unchecked Sendable` restated from `AnyWeakInstanceBox`: one `weak let`.
    weak let object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }

    override var strongBox: AnyInstanceBox? {
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

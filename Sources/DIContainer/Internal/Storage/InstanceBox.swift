/// An instance as the stores keep it (`graph`, `singleton`, `scoped`, `weak` and custom
/// lifetimes hand it to every thread that asks), held strongly or — in a `weak` store, and for a
/// resolution's `graph` instances once no entry point runs — weakly.
protocol AnyInstanceBox: Sendable {
    /// A weak hold on the instance (itself, if weak already), or `nil` when it is not a class
    /// instance.
    func weakened() -> (any AnyInstanceBox)?
    /// A strong hold on the instance while it is alive, else `nil`.
    var strengthened: (any AnyInstanceBox)? { get }
}

/// A boxed instance of `S`.
// `@unchecked Sendable`, reviewed: two `let`s (the weak one loaded atomically by the runtime).
// Only two kinds of value are boxed: services of the shared lifetimes, which `register` requires
// to be `Sendable`, and `registerMainActor` services, whose boxes the engine opens only on the
// main actor (it checks before every step).
final class InstanceBox<S>: AnyInstanceBox, @unchecked Sendable {
    private let strong: S?
    private weak let object: AnyObject?

    init(_ value: S) {
        (strong, object) = (value, nil)
    }

    private init(weak object: AnyObject) {
        (strong, self.object) = (nil, object)
    }

    /// The instance; `nil` only in a weak box whose instance was released.
    var value: S? { strong ?? object.flatMap { $0 as? S } }

    func weakened() -> (any AnyInstanceBox)? {
        guard let strong else { return self }
        guard let object = classInstance(in: strong) else { return nil }
        return InstanceBox(weak: object)
    }

    var strengthened: (any AnyInstanceBox)? {
        if strong != nil { return self }
        return value.map(InstanceBox.init)
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

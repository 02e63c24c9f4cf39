/// An instance as the stores keep it (`graph`, `singleton`, `scoped`, `weak` and custom
/// lifetimes hand it to every thread that asks): the instance, its type erased, or, in a `weak`
/// store and for a resolution's `graph` instances once a `Lazy` may keep them, a weak hold on it.
///
/// Not generic: the engine is not specialized for the service types, so a box generic over one
/// would be looked up at run time on every build and every reuse. Opening this box is a cast of
/// its `value` to the service type, whose `Optional<S>` is looked up at run time too: the engine
/// opens boxes only off its plain path (`resolveKept`, `StepStart.unbox`). A box that holds the
/// instance weakly is opened `strengthened`.
// `@unchecked Sendable`, reviewed: one `let`. Only three kinds of value are boxed: services of
// the shared lifetimes, which `register` requires to be `Sendable`; `registerMainActor` services,
// whose boxes are made and opened only on the main actor (the engine checks before every step
// that keeps one, a main-actor factory before it runs); and weak
// holds on either (`WeakInstance`, whose weak reference the runtime loads atomically).
final class InstanceBox: @unchecked Sendable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }

    /// A box holding the instance weakly, or `nil` when it is not a class instance.
    func weakened() -> InstanceBox? {
        classInstance(in: value).map { InstanceBox(WeakInstance(object: $0)) }
    }

    /// A box holding the instance strongly (this one, unless it holds it weakly), or `nil` once a
    /// weakly held instance was released.
    var strengthened: InstanceBox? {
        guard let weak = value as? WeakInstance else { return self }
        return weak.object.map(InstanceBox.init)
    }
}

/// A weak hold on a class instance.
private struct WeakInstance {
    weak var object: AnyObject?
}

/// The class instance `value` is or wraps (through optionals), if any.
private func classInstance(in value: Any) -> AnyObject? {
    if let optional = value as? any OptionalResolvable {
        return optional.wrappedValue.flatMap(classInstance(in:))
    }
    guard type(of: value) is AnyClass else { return nil }
    return value as AnyObject
}

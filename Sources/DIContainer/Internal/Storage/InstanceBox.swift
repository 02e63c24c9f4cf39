/// An instance as the stores keep it (`graph`, `singleton`, `scoped`, `weak` and custom
/// lifetimes hand it to every thread that asks): the instance, its type erased, or, in a `weak`
/// store and for a resolution's `graph` instances once a `Lazy` may keep them, a weak hold on it.
///
/// Not generic: the engine is not specialized for the service types, so a box generic over one
/// would be looked up at run time on every build and every reuse. Opening this box is a cast of
/// its `value` to the service type (`cast(_:to:otherwise:)`). A box that holds the instance
/// weakly is opened `strengthened`.
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
        // The type is compared first: a cast that fails costs the runtime more than running an
        // empty shutdown hook.
        guard type(of: value) == WeakInstance.self, let weak = value as? WeakInstance else { return self }
        return weak.object.map(InstanceBox.init)
    }
}

/// What a store keeps, as the engine reads it: the box it was given, or a custom store's own
/// value that is no box (`foreign`, which fails the step).
enum Kept {
    case box(InstanceBox)
    case foreign

    /// What `store` keeps, `nil` for nothing. The engine's own stores (`SharedStorage`, which
    /// singletons and a scope's generations use, and an open scope's `OpenScope.Store`) hand their
    /// box over as it is; a custom store's value is cast from `any Sendable`, which costs about as
    /// much as the rest of a built singleton's read.
    init?(in store: any InstanceStorage) {
        let box: InstanceBox?
        if let shared = store as? SharedStorage {
            box = shared.box
        } else if let scoped = store as? OpenScope.Store {
            box = scoped.box
        } else {
            switch store.instance {
            case nil: return nil
            case let custom as InstanceBox: box = custom
            default:
                self = .foreign
                return
            }
        }
        guard let box else { return nil }
        self = .box(box)
    }
}

/// `value` as an `S`, else what `otherwise` gives. The engine's casts to a service or argument
/// type go through here: a `switch` casts straight into an `S`, where `as? S` (or
/// `if case let x as S`) would make an `Optional<S>`, whose metadata the runtime looks up on every
/// call, the engine being unspecialized.
func cast<S>(_ value: Any, to _: S.Type, otherwise: () throws -> S) rethrows -> S {
    switch value {
    case let value as S: value
    default: try otherwise()
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

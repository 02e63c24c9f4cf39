/// The service that made a `Lazy`, `Provider` or `Maker`, as the handle keeps it for `requester`:
/// the parts its `ServiceKey` is made of, which is made only when a factory reads it (type names
/// are costly). Not the registration itself: a strong reference could be a cycle (an instance of
/// that registration may keep the handle), and a weak one would give the entry a side table, and
/// every later resolve of that service slower reference counting.
/// An object, made once per handle: a resolution holds one reference, `nil` for all but a
/// handle's.
final class RequesterKey: Sendable {
    private let type: Any.Type
    private let name: Name?
    private let argumentTypes: [Any.Type]

    init(_ entry: Entry) {
        (type, name, argumentTypes) = (entry.serviceType, entry.key.name, entry.argumentTypes)
    }

    var service: ServiceKey { ServiceKey(type, name: name, argumentTypes: argumentTypes) }
}

/// A named lifetime that lasts until you reset it: the signed-in user's session, a checkout
/// flow, an open document.
///
/// A registration with `lifetime: .scoped(scope)` is built once per *generation* of its scope, in
/// the container that registered it, exactly once even when first resolves race.
/// `Container.reset(.scoped(scope))` ends the generation: the next resolve builds a new instance.
///
/// ```swift
/// extension Scope { static let session: Scope = "session" }
///
/// container.register(Cart.self, lifetime: .scoped(.session)) { _ in Cart() }
/// let cart = try container.resolve(Cart.self)      // the same cart until …
/// container.reset(.scoped(.session))               // … the user signs out
/// ```
public struct Scope: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The scope's text; two scopes are the same scope when their texts are equal.
    public let rawValue: String
    /// Makes one registration's storage, for a custom lifetime (`Lifetime.custom(_:storage:)`);
    /// `nil` keeps instances until the scope is reset.
    let storage: StorageFactory?

    /// A custom lifetime's storage factory, behind one reference: every registration holds a
    /// `Lifetime`, which stays one word smaller this way.
    final class StorageFactory: Sendable {
        let make: @Sendable () -> any InstanceStorage
        init(_ make: @escaping @Sendable () -> any InstanceStorage) { self.make = make }
    }

    /// Creates a scope from its text.
    ///
    /// - Parameter rawValue: The text that identifies the scope.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        self.storage = nil
    }

    /// A scope whose registrations keep their instances in storage made by `storage`.
    init(_ rawValue: String, storage: @escaping @Sendable () -> any InstanceStorage) {
        self.rawValue = rawValue
        self.storage = StorageFactory(storage)
    }

    public static func == (lhs: Scope, rhs: Scope) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }
}

extension Scope {
    /// One request to a server, or one unit of work: open it per request with
    /// `Container.withScope(_:isolation:operation:)`.
    public static let request: Scope = "request"
}

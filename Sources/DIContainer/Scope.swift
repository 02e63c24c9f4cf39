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
    /// Whether the scope exists only while a `Container.withScope(_:providing:isolation:operation:)`
    /// of it is open: resolving one of its registrations anywhere else throws
    /// `ResolutionError.Kind.scopeNotOpen` instead of using a container-wide generation.
    public let requiresOpenScope: Bool

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
        self.init(rawValue, requiresOpenScope: false)
    }

    /// Creates a scope from its text, one that may exist only while open.
    ///
    /// ```swift
    /// extension Scope { static let job = Scope("job", requiresOpenScope: true) }
    /// ```
    ///
    /// - Parameters:
    ///   - rawValue: The text that identifies the scope.
    ///   - requiresOpenScope: Whether a `.scoped(scope)` registration may be resolved only inside
    ///     `withScope(scope)`: a detached task, work that outlived its scope, validation's own
    ///     checks aside, or a top-level resolve then throws `ResolutionError.Kind.scopeNotOpen`.
    ///     Otherwise, outside any open scope, the scope keeps one instance per generation.
    public init(_ rawValue: String, requiresOpenScope: Bool) {
        self.rawValue = rawValue
        self.storage = nil
        self.requiresOpenScope = requiresOpenScope
    }

    /// A scope whose registrations keep their instances in storage made by `storage`.
    init(_ rawValue: String, storage: @escaping @Sendable () -> any InstanceStorage) {
        self.rawValue = rawValue
        self.storage = StorageFactory(storage)
        self.requiresOpenScope = false
    }

    public static func == (lhs: Scope, rhs: Scope) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }

    /// The scope as code writes it: `.request`, or `"session"`.
    var literal: String { self == .request ? ".request" : "\"\(rawValue)\"" }
}

extension Scope {
    /// One request to a server, or one unit of work: open it per request with
    /// `Container.withScope(_:providing:isolation:operation:)`. It exists only while open: a
    /// `.scoped(.request)` service resolved where no request scope is open (a detached task, work
    /// that outlived its request, a top-level resolve) throws `ResolutionError.Kind.scopeNotOpen`.
    public static let request = Scope("request", requiresOpenScope: true)
}

/// What a `MinimalContainer` factory resolves its dependencies through: the same shape as
/// `DIContainer.Resolver`'s `resolve(_:)`, a generic method called through an existential.
public protocol MinimalResolver: AnyObject {
    /// The instance registered for `type`.
    ///
    /// - Parameter type: The service type.
    /// - Returns: The kept instance within this resolve, or a new one.
    /// - Throws: `MinimalContainer.Unregistered` when nothing is registered for `type`.
    func resolve<S>(_ type: S.Type) throws -> S
}

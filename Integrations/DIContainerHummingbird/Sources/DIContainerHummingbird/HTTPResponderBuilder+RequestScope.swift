import DIContainer
import Hummingbird

extension HTTPResponderBuilder where Responder.Context: RequestContext {
    /// This router's responder, serving each request inside a scope of its own that stays open
    /// until the response's body has been written (`RequestScopeResponder`), with the value
    /// `provide` makes from the request handed in.
    ///
    /// ```swift
    /// container.register(RequestIdentity.self, providedBy: .request)
    /// let app = Application(
    ///     responder: router.requestScoped(in: container) { request, _ in RequestIdentity(head: request.head) })
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container whose scope each request gets.
    ///   - scope: The scope to open per request; `.request` by default.
    ///   - serverErrorsFail: Whether a response with a 5xx status ends the scope as failed, as a
    ///     thrown error does; `false` by default.
    ///   - provide: Makes the value handed into the request's scope.
    /// - Returns: The responder, for `Application(responder:)`.
    public func requestScoped<Value: Sendable>(
        in container: Container, scope: Scope = .request, serverErrorsFail: Bool = false,
        providing provide: @escaping @Sendable (Request, Responder.Context) async throws -> Value
    ) -> RequestScopeResponder<Responder, Value> {
        RequestScopeResponder(
            buildResponder(), container: container, scope: scope, serverErrorsFail: serverErrorsFail, providing: provide)
    }
}

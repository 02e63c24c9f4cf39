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
    ///   - failsOn: Which responses end the scope as failed, as a thrown error does; by default
    ///     those with a status of 400 or more.
    ///   - provide: Makes the value handed into the request's scope.
    /// - Returns: The responder, for `Application(responder:)`.
    public func requestScoped<Value: Sendable>(
        in container: Container, scope: Scope = .request, failsOn: FailingResponses = .errorStatus,
        providing provide: @escaping @Sendable (Request, Responder.Context) async throws -> Value
    ) -> RequestScopeResponder<Responder, Value> {
        RequestScopeResponder(
            buildResponder(), container: container, scope: scope, failsOn: failsOn, providing: provide)
    }
}

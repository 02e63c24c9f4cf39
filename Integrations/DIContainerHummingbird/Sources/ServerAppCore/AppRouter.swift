import DIContainer
import DIContainerHummingbird
import Hummingbird

/// The server's routes. Each handler resolves its use case from the container when a request
/// comes, inside the request's scope.
///
/// | Route | Use case | Answer |
/// | --- | --- | --- |
/// | `GET /health` | none | `ok` |
/// | `GET /whoami` | `DescribeRequest` | `RequestReport` (JSON) |
/// | `GET /slow?ms=300` | `PrepareReport` (takes `ms` milliseconds, 300 by default) | `RequestReport` (JSON) |
/// | `POST /orders?item=tea` | `PlaceOrder` | `PlaceOrder.Receipt` (JSON), 400 without an item |
///
/// ```swift
/// let app = Application(responder: AppRouter.responder(container: container))
/// ```
public enum AppRouter {
    /// The routes, each request in a request scope of its own with its `RequestIdentity` handed
    /// in, open until its response's body has been written.
    ///
    /// - Parameter container: The container the handlers resolve their use cases from.
    /// - Returns: The responder, for `Application(responder:)`.
    public static func responder(container: Container) -> some HTTPResponder<BasicRequestContext> {
        build(container: container).requestScoped(in: container) { request, _ in RequestIdentity(head: request.head) }
    }

    /// The router with every route.
    ///
    /// - Parameter container: The container the handlers resolve their use cases from.
    /// - Returns: The router; serve it through `responder(container:)`, which opens the scopes.
    public static func build(container: Container) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("health") { _, _ in "ok" }
        router.get("whoami") { _, _ in
            try await container.resolveAsync(DescribeRequest.self)()
        }
        router.get("slow") { request, _ in
            let milliseconds = request.uri.queryParameters.get("ms", as: Int.self) ?? 300
            return try await container.resolveAsync(PrepareReport.self)(taking: .milliseconds(max(0, milliseconds)))
        }
        router.post("orders") { request, _ in
            try await container.resolveAsync(PlaceOrder.self)(item: request.uri.queryParameters.get("item") ?? "")
        }
        return router
    }
}

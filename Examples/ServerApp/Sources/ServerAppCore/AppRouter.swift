import DIContainer
import Hummingbird

/// The server's routes. Each handler resolves its use case from the container when a request
/// comes, inside the request scope that `RequestScopeMiddleware` opened.
///
/// | Route | Use case | Answer |
/// | --- | --- | --- |
/// | `GET /health` | none | `ok` |
/// | `GET /whoami` | `DescribeRequest` | `RequestReport` (JSON) |
/// | `GET /slow?ms=300` | `PrepareReport` (takes `ms` milliseconds, 300 by default) | `RequestReport` (JSON) |
/// | `POST /orders?item=tea` | `PlaceOrder` | `PlaceOrder.Receipt` (JSON), 400 without an item |
///
/// ```swift
/// let app = Application(router: AppRouter.build(container: container))
/// ```
public enum AppRouter {
    /// The router with the request-scope middleware and every route.
    ///
    /// - Parameter container: The container the handlers resolve their use cases from.
    /// - Returns: The router, for `Application(router:)`.
    public static func build(container: Container) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container: container))
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

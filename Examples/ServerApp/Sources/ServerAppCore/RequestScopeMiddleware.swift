import DIContainer
import Hummingbird

/// Opens a request scope around each request: the route handlers after it resolve their use
/// cases inside `container.withScope(.request)`, so every `.scoped(.request)` service
/// (`RequestIdentity`, `UnitOfWork`) is built once per request and seen by that request only,
/// and its `onShutdown` hook runs when the request's handling ends (the unit of work commits or
/// rolls back before the response is sent).
///
/// It also binds `IncomingRequest.head`, from which request-scoped factories read the request.
///
/// ```swift
/// let router = Router()
/// router.add(middleware: RequestScopeMiddleware(container: container))
/// router.get("whoami") { _, _ in try await container.resolveAsync(DescribeRequest.self)() }
/// ```
///
/// The scope is task-local: child tasks of a handler share it, `Task.detached` does not. A
/// response body streamed after the handler returned is written after the scope ended: its
/// writer must not use request-scoped instances.
public struct RequestScopeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The container whose request scope each request gets.
    public let container: Container

    /// Creates the middleware.
    ///
    /// - Parameter container: The container whose request scope each request gets.
    public init(container: Container) {
        self.container = container
    }

    /// Handles `request` inside a request scope of its own.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Hummingbird's context of the request.
    ///   - next: The rest of the middleware chain and the route's handler.
    /// - Returns: The response of `next`.
    /// - Throws: What `next` throws, once the scope's hooks ran.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await IncomingRequest.$head.withValue(request.head) {
            try await container.withScope(.request) {
                try await next(request, context)
            }
        }
    }
}

import Hummingbird

/// The HTTP request the current task is handling, bound by `RequestScopeMiddleware` for the
/// request's whole handling, so that request-scoped factories (`RequestIdentity`) can read it.
///
/// A task-local value: child tasks of the handler see it, `Task.detached` does not.
///
/// ```swift
/// let identity = IncomingRequest.head.map(RequestIdentity.init(head:))
/// ```
public enum IncomingRequest {
    /// The head (method, path, header fields) of the request being handled; `nil` outside one.
    @TaskLocal public static var head: HTTPRequest?
}

/// Why a request-scoped service could not be built.
public enum RequestScopeError: Error, CustomStringConvertible {
    /// It was resolved outside a request: no `IncomingRequest.head` is bound.
    case noRequest

    public var description: String {
        "RequestIdentity was resolved outside a request: resolve it inside RequestScopeMiddleware's scope"
    }
}

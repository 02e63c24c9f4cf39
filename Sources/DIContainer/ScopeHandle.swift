/// An instance of a scope opened with `Container.openScope(_:providing:)`, for the work whose
/// scope cannot end where one closure ends: it is open from `openScope` until `close(failing:)`,
/// and the work inside it runs in `run(_:)`, as often as needed and from any task.
///
/// A server that writes a response's body after its handler returned keeps the request's scope
/// open for the body's writer this way (`withScope` ends its scope when its closure returns):
///
/// ```swift
/// let scope = container.openScope(.request, providing: RequestContext(user: user))
/// let response: Response
/// do {
///     response = try await scope.run { try await next(request) }
/// } catch {
///     try await scope.close(failing: error)
///     throw error
/// }
/// return response.writingBody { writer in
///     try await scope.run { try await response.body.write(writer) }
///     try await scope.close()
/// }
/// ```
///
/// `run` makes the scope the innermost for its operation, as `withScope` does, with the scopes
/// that were open where `openScope` was called outside it. Each `close` after the first does
/// nothing; after it, a resolve inside `run` is refused (`scopeNotOpen`) as for work that
/// outlived a `withScope`. A scope never closed keeps its instances: the container's `shutdown`
/// ends those with hooks, as it does a scope still open. Prefer `withScope` wherever one closure
/// holds the work.
public struct ScopeHandle: Sendable {
    let open: OpenScope
    /// The container that opened it, which lends its registrations to order the scope's endings.
    let container: Container

    /// The scope this is an instance of.
    public var scope: Scope { open.scope }

    /// Runs `operation` in this scope: `.scoped(scope)` registrations resolved by it and its child
    /// tasks get this scope's instances, and values handed in at `openScope` answer their keys.
    ///
    /// - Parameters:
    ///   - isolation: The caller's isolation, where `operation` runs; leave the default.
    ///   - operation: The work that runs in the scope.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func run<R>(isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R) async rethrows -> R {
        try await OpenScope.$innermost.withValue(open, operation: operation, isolation: isolation)
    }

    /// Ends the scope: its instances are shut down (their `onShutdown` hooks run, dependents
    /// first, told `.scopeSucceeded`, or `.scopeFailed(error)` when an error is given), then
    /// dropped. Only the first call does anything.
    ///
    /// - Parameters:
    ///   - error: Why the work in the scope failed, or `nil` when it succeeded.
    ///   - isolation: The caller's isolation; leave the default.
    /// - Throws: `ShutdownError` when the work succeeded and a hook failed or was abandoned (the
    ///   others ran all the same); nothing when an error was given, which the caller reports.
    public func close(failing error: (any Error)? = nil, isolation: isolated (any Actor)? = #isolation) async throws {
        if let error {
            try await Ending.close(open.close(), reason: .scopeFailed(error), reporting: false, in: container)
        } else {
            try await Ending.close(open.close(), reason: .scopeSucceeded, reporting: true, in: container)
        }
    }
}

import DIContainer
import Hummingbird
import Logging

/// Serves each request inside a request scope of its own, open until the response's body has
/// been written: the handlers, every middleware of the wrapped router, and a streamed body's
/// writer resolve `.scoped(.request)` services in it, and its `onShutdown` hooks run once the
/// body is out, told whether the request failed.
///
/// Make it from a router with `HTTPResponderBuilder.requestScoped(in:scope:failsOn:providing:)`:
///
/// ```swift
/// let router = Router()
/// router.get("whoami") { _, _ in try await container.resolveAsync(DescribeRequest.self)() }
/// let app = Application(
///     responder: router.requestScoped(in: container) { request, _ in RequestIdentity(head: request.head) },
///     configuration: configuration)
/// ```
///
/// - **The value handed in.** `providing` makes a value from each request before its scope
///   opens; the scope is opened with `openScope(scope, providing: value)`, so a key registered
///   `providedBy: scope` resolves to it. If `providing` throws, no scope opens and the error
///   is the request's.
/// - **When the scope ends.** A body of at most `gatheredBodyLimit` bytes with a declared length
///   (every `ByteBuffer` body, so every `ResponseEncodable` answer) is written into memory inside
///   the scope, the scope closes, and the response goes out in one write: its hooks run before the
///   client sees the answer, and a hook that fails makes it a 500. Any other body (an
///   `AsyncSequence`, a file, a body without a length) is streamed: the head goes out at once,
///   the body's writer runs inside the scope as the client reads it, and the scope closes after
///   the writer finished; a hook that fails then is logged to the request's logger.
/// - **Failure.** The scope ends as failed (the hooks get `ShutdownReason.scopeFailed(_:)`)
///   when an error is thrown out of the wrapped responder, when a streamed body's writer throws
///   or the client goes away while it writes, and when the response's status is one
///   `failsOn` names (`ErrorStatusResponse`): by default 400 or more, which is also what
///   Hummingbird's router makes of an `HTTPError` a handler throws. A response dropped unwritten
///   (a `HEAD` request's body) ends the scope as its status says, when it is released.
///
/// The scope is opened with `Container.openScope(_:providing:)`, not `withScope`: a streamed
/// body is written by the server after `respond` returned, and the scope must still be open
/// for it; a request adds no task and no switch of threads to the server's own. A responder rather than a `RouterMiddleware`, so that every middleware
/// of the wrapped router, and its answer to a path no route matches, run inside the scope.
public struct RequestScopeResponder<Wrapped: HTTPResponder, Value: Sendable>: HTTPResponder
where Wrapped.Context: RequestContext {
    public typealias Context = Wrapped.Context

    /// Bodies with a declared length of at most this many bytes are written into memory inside
    /// the scope and sent in one write; longer ones, and those without a length, are streamed.
    public static var gatheredBodyLimit: Int { 64 * 1024 }

    /// The responder that answers inside the scope (usually a router's).
    public let wrapped: Wrapped
    /// The container whose scope each request gets.
    public let container: Container
    /// The scope opened per request.
    public let scope: Scope
    /// Which responses end the scope as failed.
    public let failsOn: FailingResponses
    /// Makes the value handed into a request's scope.
    let provide: @Sendable (Request, Context) async throws -> Value

    /// Creates a responder that serves each request of `wrapped` in a scope of its own.
    ///
    /// ```swift
    /// let responder = RequestScopeResponder(router.buildResponder(), container: container) { request, _ in
    ///     RequestIdentity(head: request.head)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - wrapped: The responder that answers inside the scope.
    ///   - container: The container whose scope each request gets.
    ///   - scope: The scope to open per request; `.request` by default.
    ///   - failsOn: Which responses end the scope as failed, as a thrown error does; by default
    ///     those with a status of 400 or more.
    ///   - provide: Makes the value handed into the request's scope from the request and its
    ///     context, before the scope opens.
    public init(
        _ wrapped: Wrapped, container: Container, scope: Scope = .request, failsOn: FailingResponses = .errorStatus,
        providing provide: @escaping @Sendable (Request, Context) async throws -> Value
    ) {
        self.wrapped = wrapped
        self.container = container
        self.scope = scope
        self.failsOn = failsOn
        self.provide = provide
    }

    /// Answers `request` inside a scope of its own, open until the response's body is written.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Hummingbird's context of the request.
    /// - Returns: The wrapped responder's response; its body, if streamed, writes inside the
    ///   scope.
    /// - Throws: What `providing` or the wrapped responder throws, once the scope's hooks ran;
    ///   `ShutdownError` when a hook failed and the body was not streamed.
    public func respond(to request: Request, context: Context) async throws -> Response {
        let value = try await provide(request, context)
        // Opened here and closed where the body has been written, which for a streamed body is
        // after this function returned: the handlers run in this task, the body's writer in the
        // task that writes the response, each inside the scope.
        let opened = container.openScope(scope, providing: value)
        var response: Response
        let isGathered: Bool
        do {
            response = try await opened.run { try await wrapped.respond(to: request, context: context) }
            isGathered = response.body.contentLength.map { $0 <= Self.gatheredBodyLimit } ?? false
            if isGathered {
                let body = response.body
                response.body = try await opened.run { try await GatheringWriter.gather(body) }
            }
        } catch {
            try await opened.close(failing: error)
            throw error
        }
        let failure = failsOn.isFailing(response.status) ? ErrorStatusResponse(status: response.status) : nil
        if isGathered {
            try await opened.close(failing: failure)
        } else {
            response.body = Self.streamed(response.body, in: ScopeCloser(opened, failure: failure), logger: context.logger)
        }
        return response
    }

    /// `body`, written inside the scope `closer` closes once the body is out; a hook that fails
    /// then can only be logged.
    private static func streamed(_ body: ResponseBody, in closer: ScopeCloser, logger: Logger) -> ResponseBody {
        ResponseBody(contentLength: body.contentLength) { writer in
            do {
                try await closer.scope.run { try await body.write(writer) }
            } catch {
                try await closer.close(failing: error)
                throw error
            }
            do {
                try await closer.close(failing: nil)
            } catch {
                logger.error("request scope's onShutdown hooks failed", metadata: ["error": "\(error)"])
            }
        }
    }
}

/// What a request scope's hooks see as the error when the response's status is one its
/// `failsOn` names.
public struct ErrorStatusResponse: Error, CustomStringConvertible, Sendable {
    /// The response's status.
    public let status: HTTPResponse.Status

    public var description: String { "the response's status was \(status.code) \(status.reasonPhrase)" }
}

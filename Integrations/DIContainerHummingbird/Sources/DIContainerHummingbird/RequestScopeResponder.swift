import DIContainer
import Hummingbird

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
///   opens; the scope is opened with `withScope(scope, providing: value)`, so a key registered
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
///   ends the scope as succeeded.
///
/// Why a responder and not a `RouterMiddleware`: a middleware's `next` may only be called in
/// the middleware's own task and before it returns, and a scope opened with `withScope` ends when
/// its closure returns; a scope that outlives the middleware's return, for the body, needs the
/// rest of the chain to run in a task that stays in the scope, which only a `Sendable` responder
/// allows.
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
        let handoff = ResponseHandoff()
        // The rest of the request runs in a task of its own, so that the scope can stay open
        // after this function returns, until the body is written. It inherits this task's
        // task-local values (test overrides, an outer scope, the logger), and starts on this
        // thread where the platform allows: a request that does not suspend is served before
        // the wait for its answer, with no switch to another thread.
        let task: Task<Void, Never>
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task = Task.immediate { await serve(request, context: context, value: value, handoff: handoff) }
        } else {
            task = Task { await serve(request, context: context, value: value, handoff: handoff) }
        }
        let answer = try await withTaskCancellationHandler {
            try await handoff.answer()
        } onCancel: {
            task.cancel()
        }
        switch answer {
        case .complete(let response):
            return response
        case .streamed(var response, let relay):
            // The guard ends the scope if the response is dropped unwritten; a cancelled write
            // cancels the scope's task, whose body writer then stops.
            let dropGuard = RelayDropGuard(relay)
            response.body = ResponseBody(contentLength: response.body.contentLength) { writer in
                do {
                    try await withTaskCancellationHandler {
                        try await dropGuard.relay.pump(into: &writer)
                    } onCancel: {
                        task.cancel()
                    }
                } catch {
                    await task.value  // the scope's hooks have run when the write ends, either way
                    throw error
                }
                await task.value
            }
            return response
        }
    }

    /// The request's work, in the scope's task: the wrapped responder's answer, and its body
    /// gathered or relayed, before the scope closes.
    private func serve(_ request: Request, context: Context, value: Value, handoff: ResponseHandoff) async {
        var streamed: BodyRelay?
        do {
            try await RequestScopeOpener.withScope(scope, of: container, providing: value) {
                var response = try await wrapped.respond(to: request, context: context)
                let failure = failsOn.isFailing(response.status) ? ErrorStatusResponse(status: response.status) : nil
                if let length = response.body.contentLength, length <= Self.gatheredBodyLimit {
                    response.body = try await GatheringWriter.gather(response.body)
                    handoff.prepare(.complete(response))
                } else {
                    let relay = BodyRelay()
                    streamed = relay
                    let body = response.body
                    handoff.deliver(.streamed(response, relay))
                    try await relay.send(body)
                }
                if let failure { throw failure }
            }
            handoff.deliverPrepared()
        } catch let failure as ErrorStatusResponse {
            _ = failure  // the response stands; the hooks were told the request failed
            handoff.deliverPrepared()
        } catch {
            if streamed == nil {
                handoff.fail(error)
            } else if error is ShutdownError {
                // The body is out: the hooks' problem can only be reported.
                context.logger.error("request scope's onShutdown hooks failed", metadata: ["error": "\(error)"])
            }
        }
        streamed?.close()
    }
}

/// What a request scope's hooks see as the error when the response's status is one its
/// `failsOn` names.
public struct ErrorStatusResponse: Error, CustomStringConvertible, Sendable {
    /// The response's status.
    public let status: HTTPResponse.Status

    public var description: String { "the response's status was \(status.code) \(status.reasonPhrase)" }
}

import Hummingbird
import Logging

/// The same routes as `AppRouter`, served without the container: every object built by hand
/// per request, the unit of work committed or rolled back by the handler. The server
/// benchmark's baseline (`ServerApp --hand-wired`); the container's version is `AppRouter`.
///
/// ```swift
/// let pool = await ConnectionPool.open(size: 4, logger: logger)
/// let router = HandWiredRouter.build(pool: pool, auditTrail: AuditTrail(pool: pool, logger: logger), logger: logger)
/// ```
public enum HandWiredRouter {
    /// The router with every route of `AppRouter`.
    ///
    /// - Parameters:
    ///   - pool: The pool each request's unit of work leases from.
    ///   - auditTrail: The audit trail orders are recorded in.
    ///   - logger: The logger of the units of work and reports.
    /// - Returns: The router, for `Application(router:)`.
    public static func build(pool: ConnectionPool, auditTrail: AuditTrail, logger: Logger) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("health") { _, _ in "ok" }
        router.get("whoami") { request, _ in
            try await withUnitOfWork(for: request, pool: pool, logger: logger) { identity, unitOfWork in
                await DescribeRequest(identity: identity, unitOfWork: unitOfWork)()
            }
        }
        router.get("slow") { request, _ in
            let milliseconds = request.uri.queryParameters.get("ms", as: Int.self) ?? 300
            return try await withUnitOfWork(for: request, pool: pool, logger: logger) { identity, unitOfWork in
                try await PrepareReport(identity: identity, unitOfWork: unitOfWork, logger: logger)(
                    taking: .milliseconds(max(0, milliseconds)))
            }
        }
        router.post("orders") { request, _ in
            try await withUnitOfWork(for: request, pool: pool, logger: logger) { identity, unitOfWork in
                try await PlaceOrder(identity: identity, unitOfWork: unitOfWork, auditTrail: auditTrail)(
                    item: request.uri.queryParameters.get("item") ?? "")
            }
        }
        return router
    }

    /// Runs `body` with the request's identity and a new unit of work, then commits it, or rolls
    /// it back when `body` throws.
    private static func withUnitOfWork<Answer>(
        for request: Request, pool: ConnectionPool, logger: Logger,
        _ body: (RequestIdentity, UnitOfWork) async throws -> Answer
    ) async throws -> Answer {
        let identity = RequestIdentity(head: request.head)
        let unitOfWork = try await UnitOfWork.begin(pool: pool, identity: identity, logger: logger)
        do {
            let answer = try await body(identity, unitOfWork)
            await unitOfWork.finish(committing: true)
            return answer
        } catch {
            await unitOfWork.finish(committing: false)
            throw error
        }
    }
}

import Logging

/// The use case behind `GET /slow`: a report that takes a while, as an export or a slow query
/// would. It logs "report started" when it begins, so that a test can see it in flight.
///
/// ```swift
/// let report = try await container.resolveAsync(PrepareReport.self)(taking: .milliseconds(300))
/// ```
public struct PrepareReport: Sendable {
    /// Who made the request.
    public let identity: RequestIdentity
    /// The request's unit of work.
    public let unitOfWork: UnitOfWork
    /// Where it logs the start of each report.
    public let logger: Logger

    /// Creates the use case for one request.
    ///
    /// - Parameters:
    ///   - identity: Who made the request.
    ///   - unitOfWork: The request's unit of work.
    ///   - logger: Where it logs the start of each report.
    public init(identity: RequestIdentity, unitOfWork: UnitOfWork, logger: Logger) {
        self.identity = identity
        self.unitOfWork = unitOfWork
        self.logger = logger
    }

    /// Prepares the report for `duration`, then records it in the unit of work.
    ///
    /// - Parameter duration: How long preparing takes.
    /// - Returns: The request's report.
    /// - Throws: `CancellationError` when the request's task is cancelled meanwhile (the unit of
    ///   work then rolls back).
    public func callAsFunction(taking duration: Duration) async throws -> RequestReport {
        logger.info("report started", metadata: ["request-id": "\(identity.requestID)"])
        try await Task.sleep(for: duration)
        await unitOfWork.record("report for \(identity.user)")
        return RequestReport(identity: identity, unitOfWork: unitOfWork)
    }
}

/// The use case behind `GET /whoami`: reports the request's identity and unit of work.
///
/// Transient, built per call from the request's scoped instances:
///
/// ```swift
/// let report = try await container.resolveAsync(DescribeRequest.self)()
/// ```
public struct DescribeRequest: Sendable {
    /// Who made the request.
    public let identity: RequestIdentity
    /// The request's unit of work.
    public let unitOfWork: UnitOfWork

    /// Creates the use case for one request.
    ///
    /// - Parameters:
    ///   - identity: Who made the request.
    ///   - unitOfWork: The request's unit of work.
    public init(identity: RequestIdentity, unitOfWork: UnitOfWork) {
        self.identity = identity
        self.unitOfWork = unitOfWork
    }

    /// Reports the request; its unit of work, with nothing recorded, commits as the request ends.
    ///
    /// - Returns: The request's report.
    public func callAsFunction() async -> RequestReport {
        return RequestReport(identity: identity, unitOfWork: unitOfWork)
    }
}

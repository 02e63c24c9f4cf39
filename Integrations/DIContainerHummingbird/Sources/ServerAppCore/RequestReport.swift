import Hummingbird

/// What `/whoami` and `/slow` answer: the request's identity and the unit of work that served
/// it, so that a client (and the tests) can check that a response saw only its own request's
/// request-scoped instances.
public struct RequestReport: ResponseCodable, Equatable, Sendable {
    /// The request's id, from its `X-Request-ID` header field.
    public let requestID: String
    /// The request's user, from its `X-User` header field.
    public let user: String
    /// The serial of the request's unit of work (its connection lease): unique per request.
    public let unitOfWork: Int
    /// The pooled connection the unit of work holds.
    public let connection: Int

    /// The report of a request, from its identity and unit of work.
    ///
    /// - Parameters:
    ///   - identity: Who made the request.
    ///   - unitOfWork: The request's unit of work.
    public init(identity: RequestIdentity, unitOfWork: UnitOfWork) {
        requestID = identity.requestID
        user = identity.user
        self.unitOfWork = unitOfWork.lease.serial
        connection = unitOfWork.lease.connection
    }
}

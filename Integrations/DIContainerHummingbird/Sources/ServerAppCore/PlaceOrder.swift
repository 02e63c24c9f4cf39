import Hummingbird

/// The use case behind `POST /orders?item=…`: records the order in the request's unit of work
/// and the audit trail. An order without an item is refused with 400 and its unit of work rolls
/// back.
///
/// ```swift
/// let receipt = try await container.resolveAsync(PlaceOrder.self)(item: "tea")
/// ```
public struct PlaceOrder: Sendable {
    /// Who made the request.
    public let identity: RequestIdentity
    /// The request's unit of work.
    public let unitOfWork: UnitOfWork
    /// The server's audit trail.
    public let auditTrail: AuditTrail

    /// What `POST /orders` answers.
    public struct Receipt: ResponseCodable, Equatable, Sendable {
        /// The item ordered.
        public let item: String
        /// Who ordered it.
        public let user: String
        /// The serial of the unit of work that committed it.
        public let unitOfWork: Int
    }

    /// Creates the use case for one request.
    ///
    /// - Parameters:
    ///   - identity: Who made the request.
    ///   - unitOfWork: The request's unit of work.
    ///   - auditTrail: The server's audit trail.
    public init(identity: RequestIdentity, unitOfWork: UnitOfWork, auditTrail: AuditTrail) {
        self.identity = identity
        self.unitOfWork = unitOfWork
        self.auditTrail = auditTrail
    }

    /// Places an order for `item`.
    ///
    /// - Parameter item: What is ordered; must not be empty.
    /// - Returns: The receipt.
    /// - Throws: `HTTPError(.badRequest)` when `item` is empty; nothing is committed then.
    public func callAsFunction(item: String) async throws -> Receipt {
        guard !item.isEmpty else { throw HTTPError(.badRequest, message: "an order needs an item: POST /orders?item=tea") }
        await unitOfWork.record("order: \(item)")
        await auditTrail.record("order of \(item) by \(identity.user)")
        return Receipt(item: item, user: identity.user, unitOfWork: unitOfWork.lease.serial)
    }
}

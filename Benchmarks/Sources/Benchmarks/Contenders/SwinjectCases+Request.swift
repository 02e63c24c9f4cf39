import Swinject

/// Case 13 with Swinject, in the form its documentation gives for a scope of one's own: a child
/// container per request (`Container(parent:)`) in which the request's services are registered in
/// the `.container` scope (one per child), the singletons kept in the root, the use case resolved
/// from the child.
extension SwinjectCases {
    /// The request case.
    ///
    /// - Throws: When the child containers do not share and separate instances as the case
    ///   claims.
    static func requestCases() throws -> [BenchmarkCase] {
        let root = makeRequestRoot()
        try verifyRequestScope(root)
        return [
            .single(.requestScope) { n in
                try repeatOperation(n) { try resolve(PlaceOrderUseCase.self, from: openRequest(root)) }
            }
        ]
    }

    /// A request's child container: the request's services, one per child.
    private static func openRequest(_ root: Container) -> Container {
        let request = Container(parent: root)
        request.register(UnitOfWork.self) { _ in UnitOfWork() }.inObjectScope(.container)
        request.register(CurrentUser.self) { _ in CurrentUser() }.inObjectScope(.container)
        return request
    }

    /// The root: the singletons, and the use case, whose factory resolves through the child it is
    /// resolved from.
    private static func makeRequestRoot() -> Container {
        let root = Container()
        root.register(ConnectionPool.self) { _ in ConnectionPool() }.inObjectScope(.container)
        root.register(Settings.self) { _ in AppSettings() }.inObjectScope(.container)
        root.register(PlaceOrderUseCase.self) { r in
            PlaceOrderUseCase(
                unitOfWork: required(r.resolve(UnitOfWork.self)), user: required(r.resolve(CurrentUser.self)),
                pool: required(r.resolve(ConnectionPool.self)), settings: required(r.resolve(Settings.self)))
        }.inObjectScope(.transient)
        return root
    }

    /// Checks, before timing, that one child shares its instances, that two children do not, and
    /// that the singletons are the root's.
    private static func verifyRequestScope(_ root: Container) throws {
        let request = openRequest(root)
        guard let first = request.resolve(PlaceOrderUseCase.self), let second = request.resolve(PlaceOrderUseCase.self),
            let other = openRequest(root).resolve(PlaceOrderUseCase.self)
        else {
            throw BenchmarkError.notResolved(contender: "Swinject", service: "PlaceOrderUseCase")
        }
        guard first !== second, first.unitOfWork === second.unitOfWork, first.user === second.user else {
            throw BenchmarkError.wrongGraph(
                contender: "Swinject", problem: "did not share the request's instances within one child container")
        }
        guard other.unitOfWork !== first.unitOfWork, other.user !== first.user else {
            throw BenchmarkError.wrongGraph(contender: "Swinject", problem: "shared request instances between two child containers")
        }
        guard other.pool === first.pool, other.settings === first.settings else {
            throw BenchmarkError.wrongGraph(contender: "Swinject", problem: "built a root singleton again in another child container")
        }
    }
}

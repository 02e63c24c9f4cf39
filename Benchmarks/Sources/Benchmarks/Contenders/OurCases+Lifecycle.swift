import DIContainer

/// Cases 13 and 14: request scopes, as a server opens one per request with
/// `withScope(.request)`, with and without an `onShutdown` hook, and a server's whole request.
extension OurCases {
    /// The request cases: one scope opened, used and closed (case 13, also with one empty
    /// `onShutdown` hook on a request-scoped service), and many scopes at once,
    /// each waiting for an `async` request-scoped factory, beside the same graph as `transient`
    /// (case 14).
    ///
    /// - Throws: When the scopes do not share and separate instances as the cases claim.
    static func requestCases() throws -> [BenchmarkCase] {
        let request = makeRequestContainer()
        try verifyRequestScope(request)
        let hooked = makeRequestContainer(withHook: true)
        try verifyRequestScope(hooked)
        let server = makeServerContainer()
        let scoped = makeConcurrentContainer(sessionLifetime: .scoped(.request))
        let transient = makeConcurrentContainer(sessionLifetime: .transient)

        return [
            .async(.requestScope) { n in
                for _ in 0..<n {
                    blackHole(try await request.withScope(.request) { try request.resolve(PlaceOrderUseCase.self) })
                }
            },
            .async(.requestScopeWithHook) { n in
                for _ in 0..<n {
                    blackHole(try await hooked.withScope(.request) { try hooked.resolve(PlaceOrderUseCase.self) })
                }
            },
            .async(.serverRequest) { n in
                for index in 0..<n {
                    blackHole(
                        try await server.withScope(.request, providing: RequestIdentity(requestID: index)) {
                            try await server.resolveAsync(DescribeRequestUseCase.self)
                        })
                }
            },
            BenchmarkCase(
                scenario: .concurrentScopes,
                run: .asyncBatch(operationsPerCall: concurrentRequests) { n in
                    for _ in 0..<n {
                        try await concurrently {
                            try await scoped.withScope(.request) { try await scoped.resolveAsync(ShowAccountUseCase.self) }
                        }
                    }
                }),
            BenchmarkCase(
                scenario: .concurrentTransient,
                run: .asyncBatch(operationsPerCall: concurrentRequests) { n in
                    for _ in 0..<n {
                        try await concurrently { try await transient.resolveAsync(ShowAccountUseCase.self) }
                    }
                }),
        ]
    }

    /// Runs `concurrentRequests` child tasks of `operation` at once and passes each result to
    /// the sink as it comes.
    private static func concurrently(
        _ operation: @escaping @Sendable () async throws -> ShowAccountUseCase
    ) async throws {
        try await withThrowingTaskGroup(of: ShowAccountUseCase.self) { group in
            for _ in 0..<concurrentRequests {
                group.addTask(operation: operation)
            }
            for try await useCase in group {
                blackHole(useCase)
            }
        }
    }

    /// The use case of case 13: transient, on two request-scoped services and two singletons;
    /// `withHook` adds an empty `onShutdown` hook to the unit of work, as a server's commit would.
    private static func makeRequestContainer(withHook: Bool = false) -> Container {
        let container = Container()
        let unitOfWork = container.register(UnitOfWork.self, lifetime: .scoped(.request)) { _ in UnitOfWork() }
        if withHook { unitOfWork.onShutdown { _ in } }
        container.register(CurrentUser.self, lifetime: .scoped(.request)) { _ in CurrentUser() }
        container.register(ConnectionPool.self, lifetime: .singleton) { _ in ConnectionPool() }
        container.register(Settings.self, lifetime: .singleton) { _ in AppSettings() }
        container.register(PlaceOrderUseCase.self) { r in
            PlaceOrderUseCase(
                unitOfWork: try r.resolve(UnitOfWork.self), user: try r.resolve(CurrentUser.self),
                pool: try r.resolve(ConnectionPool.self), settings: try r.resolve(Settings.self))
        }
        return container
    }

    /// The server-request case's graph, as the example server registers it: the identity handed
    /// in, the pool a singleton, the transaction request-scoped with an `async` factory and a
    /// commit hook with a timeout, the use case transient with an `async` factory.
    private static func makeServerContainer() -> Container {
        let container = Container()
        container.register(RequestIdentity.self, providedBy: .request)
        container.register(LeasePool.self, lifetime: .singleton) { _ in LeasePool() }
        container.register(RequestTransaction.self, lifetime: .scoped(.request)) { r async throws in
            await RequestTransaction.begin(pool: try r.resolve(LeasePool.self), identity: try r.resolve(RequestIdentity.self))
        }
        .onShutdown(timeout: .seconds(5)) { transaction, reason in
            if case .scopeSucceeded = reason {
                await transaction.finish(committing: true)
            } else {
                await transaction.finish(committing: false)
            }
        }
        container.register(DescribeRequestUseCase.self) { r async throws in
            DescribeRequestUseCase(
                identity: try r.resolve(RequestIdentity.self), transaction: try await r.resolveAsync(RequestTransaction.self))
        }
        return container
    }

    /// The graph of case 14: a transient use case on a session that an `async` factory loads
    /// (with `sessionLifetime`) and a singleton.
    private static func makeConcurrentContainer(sessionLifetime: Lifetime) -> Container {
        let container = Container()
        container.register(RequestSession.self, lifetime: sessionLifetime) { _ async throws in try await RequestSession.load() }
        container.register(ConnectionPool.self, lifetime: .singleton) { _ in ConnectionPool() }
        container.register(ShowAccountUseCase.self) { r async throws in
            ShowAccountUseCase(session: try await r.resolveAsync(RequestSession.self), pool: try r.resolve(ConnectionPool.self))
        }
        return container
    }

    /// Checks, before timing, that a scope shares its instances, that two scopes do not, and that
    /// the singletons outlive them.
    private static func verifyRequestScope(_ container: Container) throws {
        try Harness.wait {
            let (first, second) = try await container.withScope(.request) {
                (try container.resolve(PlaceOrderUseCase.self), try container.resolve(PlaceOrderUseCase.self))
            }
            let other = try await container.withScope(.request) { try container.resolve(PlaceOrderUseCase.self) }
            guard first !== second, first.unitOfWork === second.unitOfWork, first.user === second.user else {
                throw BenchmarkError.wrongGraph(contender: "DIContainer", problem: "did not share the request's instances within one scope")
            }
            guard other.unitOfWork !== first.unitOfWork, other.user !== first.user else {
                throw BenchmarkError.wrongGraph(contender: "DIContainer", problem: "shared request-scoped instances between two scopes")
            }
            guard other.pool === first.pool, other.settings === first.settings else {
                throw BenchmarkError.wrongGraph(contender: "DIContainer", problem: "built a singleton again in another scope")
            }
        }
    }
}

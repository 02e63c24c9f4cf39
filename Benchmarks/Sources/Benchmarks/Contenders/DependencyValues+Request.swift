import Dependencies

// swift-dependencies' values for the request case, in its documented form: one `DependencyKey`
// and one `DependencyValues` property each. A request's values are set by the `withDependencies`
// scope that handles the request; a singleton is a live value, built once per process.

/// The request's unit of work; each request sets its own.
enum UnitOfWorkKey: DependencyKey {
    /// The value outside any request.
    static let liveValue = UnitOfWork()
}

/// Who sent the request; each request sets its own.
enum CurrentUserKey: DependencyKey {
    /// The value outside any request.
    static let liveValue = CurrentUser()
}

/// The one connection pool.
enum ConnectionPoolKey: DependencyKey {
    static let liveValue = ConnectionPool()
}

extension DependencyValues {
    /// The request's unit of work; each request sets its own.
    var unitOfWork: UnitOfWork {
        get { self[UnitOfWorkKey.self] }
        set { self[UnitOfWorkKey.self] = newValue }
    }

    /// Who sent the request; each request sets its own.
    var currentUser: CurrentUser {
        get { self[CurrentUserKey.self] }
        set { self[CurrentUserKey.self] = newValue }
    }

    /// The one connection pool.
    var connectionPool: ConnectionPool {
        get { self[ConnectionPoolKey.self] }
        set { self[ConnectionPoolKey.self] = newValue }
    }
}

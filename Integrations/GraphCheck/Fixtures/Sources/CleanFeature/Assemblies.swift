import DIContainer

public struct CoreAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any CacheStore).self, lifetime: .singleton) { _ in MemoryCache() }
        container.register(SystemClock.self, lifetime: .singleton) { _ in SystemClock() }
            .implements((any Clock).self)
        container.register(Session.self, lifetime: .scoped(.session), initializer: Session.init)
    }
}

public struct FeedAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any CourseRepository).self, name: .remote) { r in
            RemoteCourseRepository(cache: try r.resolve((any CacheStore).self))
        }
        container.register((any CourseRepository).self, name: .local, initializer: LocalCourseRepository.init)
        container.register(Cart.self, lifetime: .scoped(.session)) { _ in Cart() }
        container.register(FeedScreen.self, lifetime: .singleton) { r in
            FeedScreen(
                title: "Feed", repository: try r.resolve((any CourseRepository).self, name: "remote"),
                cart: try r.resolve(Provider<Cart>.self), clock: try r.resolve(Lazy<any Clock>.self))
        }
        container.register(CourseDetail.self, argument: Int.self, initializer: { (courseID: Int, repository: any CourseRepository) in
            CourseDetail(courseID: courseID, repository: repository)
        })
        container.register((any CourseRepository).self) { r in
            LocalCourseRepository(cache: try r.resolve((any CacheStore).self))
        }
        .when(.test) { r in LocalCourseRepository(cache: try r.resolve((any CacheStore).self)) }
        let analytics: Analytics? = try? container.resolve(Analytics?.self)
        _ = analytics
    }
}

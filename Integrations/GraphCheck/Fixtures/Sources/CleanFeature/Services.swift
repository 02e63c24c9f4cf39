import DIContainer

public protocol CourseRepository: Sendable {}
public protocol CacheStore: Sendable {}
public protocol Clock: Sendable {}
public final class MemoryCache: CacheStore {
    public init() {}
}
public final class SystemClock: Clock {
    public init() {}
}
public final class RemoteCourseRepository: CourseRepository {
    public init(cache: any CacheStore) {}
}
public final class LocalCourseRepository: CourseRepository {
    let cache: any CacheStore
    public init(cache: any CacheStore) { self.cache = cache }
}
public final class Cart: Sendable {
    public init() {}
}
public final class Session: Sendable {
    public init(clock: any Clock) {}
}
public struct FeedScreen: Sendable {
    public let title: String
    public let repository: any CourseRepository
    public let cart: Provider<Cart>
    public let clock: Lazy<any Clock>
}
public final class CourseDetail: Sendable {
    public init(courseID: Int, repository: any CourseRepository) {}
}
public final class Analytics: Sendable {
    public init() {}
}

extension Name {
    public static let remote: Name = "remote"
    public static let local: Name = "local"
}

extension Scope {
    public static let session: Scope = "session"
}

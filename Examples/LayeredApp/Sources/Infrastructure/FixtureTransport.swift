import Locking

/// A transport over built-in lines, counting its requests.
public final class FixtureTransport: Transport {
    private let requests = Locked(0)

    /// Makes the transport.
    public init() {}

    /// How many requests it has served.
    public var requestCount: Int { requests.withLock { $0 } }

    /// Two courses, as `id|title` lines, whatever the path.
    public func lines(at path: String) throws -> [String] {
        requests.withLock { $0 += 1 }
        return ["1|Swift", "2|Testing"]
    }
}

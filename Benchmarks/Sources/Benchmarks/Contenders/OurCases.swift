import DIContainer

/// The cases with this package's `DIContainer` (filled in once the container exists on main).
enum OurCases: Contestant {
    static let contender = Contender.ours

    static func cases() throws -> [BenchmarkCase] { [] }

    static func holdRegistrations(_ count: Int) -> AnyObject? { nil }
}

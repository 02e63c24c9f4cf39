/// How long and how often every case runs.
struct Plan: Sendable {
    /// Timed repetitions per case; the table reports their median, min and max.
    let repetitions: Int
    /// The shortest duration of one timed batch, in nanoseconds.
    let batchNanoseconds: UInt64

    /// The protocol the published figures use: 7 repetitions of at least 100 ms each.
    static let standard = Plan(repetitions: 7, batchNanoseconds: 100_000_000)

    /// A fast pass for checking that every case runs (`--quick`); its figures are noisy and the
    /// report says so.
    static let quick = Plan(repetitions: 3, batchNanoseconds: 5_000_000)
}

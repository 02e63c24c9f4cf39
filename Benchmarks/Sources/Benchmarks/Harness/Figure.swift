/// The summary of one benchmarked case: median, fastest and slowest of its repetitions.
///
/// Values are in nanoseconds per operation for timed cases, and in bytes per registration for
/// the memory case (the table says which).
struct Figure: Sendable {
    /// The median repetition.
    let median: Double
    /// The fastest repetition.
    let min: Double
    /// The slowest repetition.
    let max: Double

    /// Summarises a set of repetitions.
    ///
    /// - Parameter samples: One value per repetition; must not be empty.
    /// - Returns: `nil` when `samples` is empty.
    init?(samples: [Double]) {
        let sorted = samples.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = first
        max = last
    }
}

/// Where the ranking sections come from: the network or the local cache (`.local`).
///
/// ```swift
/// for ranking in try await rankingRepository.rankings() { print(ranking.label) }
/// ```
public protocol RankingRepository: Sendable {
    /// Every ranking section, in the server's display order.
    ///
    /// - Throws: Whatever the source fails with; a local repository with nothing cached returns
    ///   an empty list instead.
    func rankings() async throws -> [RankingContents]
}

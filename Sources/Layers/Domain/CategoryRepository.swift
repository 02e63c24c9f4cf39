/// Where the course categories come from: the network or the local cache (`.local`).
///
/// ```swift
/// let categories = try await categoryRepository.categories()
/// ```
public protocol CategoryRepository: Sendable {
    /// Every category, in the server's display order.
    ///
    /// - Throws: Whatever the source fails with; a local repository with nothing cached returns
    ///   an empty list instead.
    func categories() async throws -> [Category]
}

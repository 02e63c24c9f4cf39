/// Where the user's favourite courses come from: the network or the local cache (`.local`).
///
/// ```swift
/// let favouriteIDs = Set(try await stockedCourseRepository.stockedCourses().map(\.courseID))
/// ```
public protocol StockedCourseRepository: Sendable {
    /// Every favourite of the user, in the server's order (most recently added first).
    ///
    /// - Throws: Whatever the source fails with; a local repository with nothing cached returns
    ///   an empty list instead.
    func stockedCourses() async throws -> [StockedCourse]
}

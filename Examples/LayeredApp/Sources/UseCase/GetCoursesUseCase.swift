import Domain

/// The catalogue's course titles, in title order.
public struct GetCoursesUseCase: Sendable {
    private let repository: any CourseRepository

    /// Reads the courses from `repository`.
    public init(repository: any CourseRepository) {
        self.repository = repository
    }

    /// The titles, sorted.
    ///
    /// - Throws: What the repository throws.
    public func titles() throws -> [String] {
        try repository.courses().map(\.title).sorted()
    }
}

/// A course of the catalogue.
public struct Course: Sendable, Equatable {
    /// The course's identifier.
    public let id: Int
    /// The course's title.
    public let title: String

    /// Makes a course.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

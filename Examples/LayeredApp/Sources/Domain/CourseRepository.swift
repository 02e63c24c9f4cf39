/// Where courses come from; the Repository layer implements it.
public protocol CourseRepository: Sendable {
    /// Every course of the catalogue.
    func courses() throws -> [Course]
}

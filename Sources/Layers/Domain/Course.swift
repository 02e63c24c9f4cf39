import Foundation

/// A course of the online-courses catalogue.
public struct Course: Hashable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let instructorName: String
    public let categoryID: Int
    public let durationMinutes: Int

    public init(id: Int, title: String, instructorName: String, categoryID: Int, durationMinutes: Int) {
        self.id = id
        self.title = title
        self.instructorName = instructorName
        self.categoryID = categoryID
        self.durationMinutes = durationMinutes
    }
}

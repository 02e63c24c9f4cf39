import DIDemoDomain

/// A course as the API sends it (`snake_case` keys, converted by the API client's decoder) and
/// as the cache stores it under `course.<id>`.
struct CourseDTO: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let instructorName: String
    let categoryId: Int
    let durationMinutes: Int

    /// The domain course.
    ///
    /// - Throws: `MappingError` when the duration is negative.
    func entity() throws -> Course {
        try Course(dto: self)
    }
}

extension Course {
    fileprivate init(dto: CourseDTO) throws {
        guard dto.durationMinutes >= 0 else {
            throw MappingError(
                record: "course \(dto.id)", field: "duration_minutes",
                value: "\(dto.durationMinutes)", rule: "must not be negative")
        }
        self.init(
            id: dto.id, title: dto.title, instructorName: dto.instructorName,
            categoryID: dto.categoryId, durationMinutes: dto.durationMinutes)
    }
}

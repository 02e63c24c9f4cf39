import DIDemoDomain

/// The user's progress in a course as the API sends it and as the cache stores it under
/// `user-course.<course id>`.
struct UserCourseDTO: Codable, Sendable, Equatable {
    let courseId: Int
    let progress: Double

    /// The domain progress record.
    ///
    /// - Throws: `MappingError` when `progress` is not a number between 0 and 1.
    func entity() throws -> UserCourse {
        try UserCourse(dto: self)
    }
}

extension UserCourse {
    fileprivate init(dto: UserCourseDTO) throws {
        guard (0...1).contains(dto.progress) else {
            throw MappingError(
                record: "user course for course \(dto.courseId)", field: "progress",
                value: "\(dto.progress)", rule: "must be between 0 and 1")
        }
        self.init(courseID: dto.courseId, progress: dto.progress)
    }
}

import DIDemoDomain
import Foundation

/// A favourite as the API sends it (`stocked_at` an ISO 8601 date-time such as
/// `2026-11-18T20:15:00Z`) and as the cache stores it (in the `stocked-courses` list).
///
/// The date stays a string here so that decoding does not depend on the decoder's date strategy;
/// the mapping parses it and reports a bad one.
struct StockedCourseDTO: Codable, Sendable, Equatable {
    let courseId: Int
    let stockedAt: String

    /// The domain favourite.
    ///
    /// - Throws: `MappingError` when `stocked_at` is not an ISO 8601 date-time.
    func entity() throws -> StockedCourse {
        try StockedCourse(dto: self)
    }
}

extension StockedCourse {
    fileprivate init(dto: StockedCourseDTO) throws {
        guard let date = try? Date(dto.stockedAt, strategy: .iso8601) else {
            throw MappingError(
                record: "favourite for course \(dto.courseId)", field: "stocked_at",
                value: "\"\(dto.stockedAt)\"", rule: "is not an ISO 8601 date-time like 2026-11-18T20:15:00Z")
        }
        self.init(courseID: dto.courseId, stockedAt: date)
    }
}

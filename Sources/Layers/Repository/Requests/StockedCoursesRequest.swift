import DIDemoInfrastructure

/// `GET /stocked_courses`: the user's favourites.
struct StockedCoursesRequest: Request {
    typealias Response = ListEnvelope<StockedCourseDTO>
    var path: String { "/stocked_courses" }
}

import DIDemoInfrastructure

/// `GET /user_courses?ids=<id>,<id>,…`: the user's progress in the given courses.
struct UserCoursesRequest: Request {
    typealias Response = ListEnvelope<UserCourseDTO>
    let query: IDsQuery
    var path: String { "/user_courses" }
}

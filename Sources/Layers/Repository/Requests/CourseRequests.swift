import DIDemoInfrastructure

/// `GET /courses/recent?limit=<n>`: the newest courses, newest first.
struct RecentCoursesRequest: Request {
    typealias Response = ListEnvelope<CourseDTO>
    let query: LimitQuery
    var path: String { "/courses/recent" }
}

/// `GET /courses/recommended?limit=<n>`: the courses recommended to the user, best first.
struct RecommendedCoursesRequest: Request {
    typealias Response = ListEnvelope<CourseDTO>
    let query: LimitQuery
    var path: String { "/courses/recommended" }
}

/// `GET /courses?ids=<id>,<id>,…`: the courses with the given ids.
struct CoursesByIDsRequest: Request {
    typealias Response = ListEnvelope<CourseDTO>
    let query: IDsQuery
    var path: String { "/courses" }
}

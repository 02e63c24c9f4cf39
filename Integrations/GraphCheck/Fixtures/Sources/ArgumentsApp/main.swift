// graphcheck: root
import DIContainer

final class CourseDetail: Sendable {
    init(courseID: Int) {}
}
final class LessonDetail: Sendable {
    init(detail: CourseDetail) {}
}

let container = Container()
container.register(CourseDetail.self) { (_, courseID: Int) in CourseDetail(courseID: courseID) }
container.register(LessonDetail.self) { r in
    LessonDetail(detail: try r.resolve(CourseDetail.self, arguments: "42"))  // expect: error argumentMismatch
}
print(try container.resolve(CourseDetail.self, arguments: 42))
print(try container.resolve(CourseDetail.self))  // expect: error argumentMismatch

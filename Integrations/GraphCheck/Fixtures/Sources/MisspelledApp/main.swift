// graphcheck: root
import DIContainer

protocol CourseRepository: Sendable {}
final class RemoteCourseRepository: CourseRepository {}
final class LocalCourseRepository: CourseRepository {}
final class CoursesScreen: Sendable {
    init(remote: any CourseRepository, local: any CourseRepository) {}
}

extension Name {
    static let remote: Name = "remote"
    static let local: Name = "local"
}

let container = Container()
container.register((any CourseRepository).self, name: .remote) { _ in RemoteCourseRepository() }
container.register((any CourseRepository).self, name: .local) { _ in LocalCourseRepository() }
container.register(CoursesScreen.self) { r in
    CoursesScreen(
        remote: try r.resolve((any CourseRepository).self, name: "remote"),
        local: try r.resolve((any CourseRepository).self, name: "locale"))  // expect: error notRegistered
}
print(try container.resolve(CoursesScreen.self))

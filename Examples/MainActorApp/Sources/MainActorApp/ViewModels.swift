import DIContainer

/// One course's screen: its id is a runtime argument.
final class CourseViewModel {
    let courseID: Int
    let title: String
    private let cart: Cart

    init(courseID: Int, catalog: any CourseCatalog, cart: Cart) {
        self.courseID = courseID
        self.cart = cart
        let titles = catalog.titles()
        title = titles.indices.contains(courseID) ? titles[courseID] : "Unknown course"
    }

    func addToCart() { cart.add(courseID) }
}

/// Which lesson of which course: the two runtime values a lesson screen needs, as one argument.
struct LessonReference {
    let courseID: Int
    let lesson: String
}

/// One lesson of a course: a runtime argument, auto-wired, so its dependencies are declared.
final class LessonViewModel {
    let courseID: Int
    let lesson: String

    init(reference: LessonReference, catalog: any CourseCatalog) {
        courseID = reference.courseID
        lesson = reference.lesson
    }
}

/// The reports screen: the exporter is built on first use only.
final class ReportsViewModel {
    private let exporter: Lazy<ReportExporter>
    private let catalog: any CourseCatalog

    init(exporter: Lazy<ReportExporter>, catalog: any CourseCatalog) {
        self.exporter = exporter
        self.catalog = catalog
    }

    func export() throws -> String { try exporter.instance.export(catalog.titles()) }
}

/// Builds screens from `Container.shared` when asked, so a test's overrides apply.
struct Screens {
    var container: Container = .shared

    func course(_ courseID: Int) throws -> CourseViewModel {
        try container.resolve(CourseViewModel.self, arguments: courseID)
    }

    func lesson(_ lesson: String, of courseID: Int) throws -> LessonViewModel {
        try container.resolve(LessonViewModel.self, arguments: LessonReference(courseID: courseID, lesson: lesson))
    }

    func reports() throws -> ReportsViewModel { try container.resolve(ReportsViewModel.self) }
}

import DIContainer

// Declared in this module, so main-actor isolated: usable as is from main-actor code (the
// assembly, `registerMainActor` factories, `@MainActor` tests). A nonisolated closure (a
// `register` factory, a `.overriding` trait) captures them (`[offline = Name.offline]`) or
// writes the literal (`"offline"`).
extension Scope {
    /// Lives from sign-in to sign-out.
    static let session: Scope = "session"
}

extension Name {
    /// The catalogue cached on the device.
    static let offline: Name = "offline"
}

/// The app's wiring: its services, then its screens. In this module the conformances to
/// `Assembly` are main-actor isolated: `Container.apply` from the main actor, and
/// `OneTimeAssembly` in tests, take them as is.
struct AppAssembly: Assembly {
    func assemble(into container: Container) {
        container.apply(ServicesAssembly(), ScreensAssembly())
    }
}

/// The nonisolated services: an `async` singleton, the catalogues and their decorator.
struct ServicesAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Database.self, lifetime: .singleton) { _ in try await Database.open(path: "app.sqlite") }
        container.register((any CourseCatalog).self, lifetime: .singleton) { _ in RemoteCatalog() }
        container.register((any CourseCatalog).self, name: .offline) { _ in OfflineCatalog() }
        container.decorate((any CourseCatalog).self) { _, inner in CountingCatalog(inner) }
        // A `register` factory is a `@Sendable` nonisolated closure: it captures the main-actor constant.
        container.register(ReportExporter.self, lifetime: .singleton) { [offline = Name.offline] r in
            ReportExporter(source: try r.resolve((any CourseCatalog).self, name: offline))
        }
    }
}

/// The main-actor screens: the session's cart and the view models.
struct ScreensAssembly: Assembly {
    func assemble(into container: Container) {
        container.registerMainActor(Cart.self, lifetime: .scoped(.session)) { _ in Cart() }
        container.registerMainActor(CourseViewModel.self) { (r, courseID: Int) in
            CourseViewModel(courseID: courseID, catalog: try r.resolve((any CourseCatalog).self), cart: try r.resolve(Cart.self))
        }
        container.registerMainActor(LessonViewModel.self, argument: LessonReference.self, initializer: LessonViewModel.init)
        container.registerMainActor(ReportsViewModel.self, initializer: ReportsViewModel.init)
    }
}

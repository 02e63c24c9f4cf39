import Testing
import DIContainer

@Suite struct SmokeTests {
    @Test func smoke() throws {
        let c = Container()
        c.register(MainPresenter.self) { r in MainPresenter(useCase: try r.resolve(GetMainUseCase.self, name: .local)) }
        c.register(GetMainUseCase.self, name: .local) { r in GetMainUseCase(repository: try r.resolve(CourseRepository.self, name: .local)) }
        c.register(CourseRepository.self, name: .local) { r in LocalCourseRepository(cache: try r.resolve(CacheStore.self)) }
        c.register(CacheStore.self, name: "disk") { _ in MemoryCache() }
        do { _ = try c.resolve(MainPresenter.self); Issue.record("no throw") } catch { print(error) }
        do { try c.validate() } catch { print(error) }
        print(c.graph(format: .mermaid))
        print(c.graph(format: .dot))
        c.register(CycleA.self, initializer: CycleA.init)
        c.register(CycleB.self) { r in CycleB(a: try r.resolve(CycleA.self)) }
        do { try c.validate() } catch { print(error) }
        for r in c.registrations { print(r) }
    }
}

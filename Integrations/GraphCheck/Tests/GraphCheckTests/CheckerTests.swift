import Testing

@testable import GraphCheckCore

/// The checker on small sources: each kind it reports, in the runtime errors' words, at its
/// line; and what it must not call an error.
@Suite("Checker")
struct CheckerTests {
    /// Checks one file of an app's module.
    private func check(_ text: String, strict: Bool = false) -> GraphCheck.Report {
        GraphCheck.check(texts: [(path: "Sources/App/main.swift", module: "App", text: text)], strict: strict)
    }

    private func errors(_ report: GraphCheck.Report) -> [Finding] {
        report.findings.filter { $0.severity == .error }
    }

    @Test("a missing registration is an error at the resolve, with the path and the fix")
    func missing() throws {
        let report = check(
            """
            container.register(MainPresenter.self) { r in
                MainPresenter(cache: try r.resolve(CacheStore.self))
            }
            """)
        let error = try #require(errors(report).first)
        #expect(errors(report).count == 1)
        #expect(
            error.description
                == "Sources/App/main.swift:2:32: error: Cannot resolve CacheStore: nothing is registered for it. "
                + "Path: MainPresenter → CacheStore. Fix: register it, e.g. container.register(CacheStore.self) { r in … }.")
    }

    @Test("a misspelled name lists the registered names and the fix")
    func misspelled() throws {
        let report = check(
            """
            extension Name { static let local: Name = "local" }
            container.register(CacheStore.self, name: "disk") { _ in MemoryCache() }
            container.register(CourseRepository.self, name: .local) { r in
                LocalCourseRepository(cache: try r.resolve(CacheStore.self))
            }
            """)
        let error = try #require(errors(report).first)
        #expect(
            error.message
                == "Cannot resolve CacheStore: nothing is registered for it. Path: CourseRepository (name: local) → CacheStore. "
                + "Registered for CacheStore: name \"disk\". Fix: register CacheStore without a name, or ask for name \"disk\".")
    }

    @Test("an auto-wired initializer's parameters are requirements at the register line")
    func autoWired() throws {
        let report = check(
            """
            final class Feed: Sendable {
                init(clock: any Clock, cache: Lazy<CacheStore>, log: Logger?) {}
            }
            container.register(CacheStore.self) { _ in MemoryCache() }
            container.register(Feed.self, initializer: Feed.init)
            """)
        let error = try #require(errors(report).first)
        #expect(errors(report).count == 1)
        #expect(error.place.line == 5)
        #expect(error.message.hasPrefix("Cannot resolve any Clock: nothing is registered for it. Path: Feed → any Clock."))
    }

    @Test("wrong runtime arguments are an argument mismatch")
    func argumentMismatch() throws {
        let report = check(
            """
            container.register(Detail.self) { (r, id: Int) in Detail(id: id) }
            let detail = try container.resolve(Detail.self, arguments: "7")
            """)
        let error = try #require(errors(report).first)
        #expect(
            error.message
                == "Cannot resolve Detail: it is registered with (Int), but was asked with (String). Path: Detail. "
                + "Fix: pass arguments of types (Int) in that order.")
    }

    @Test("a cycle through factories is one error; initCompleted and Lazy break it")
    func cycle() throws {
        let report = check(
            """
            container.register(A.self) { r in A(b: try r.resolve(B.self)) }
            container.register(B.self) { r in B(a: try r.resolve(A.self)) }
            container.register(C.self) { _ in C() }.initCompleted { r, c in c.d = try r.resolve(D.self) }
            container.register(D.self) { r in D(c: try r.resolve(C.self)) }
            container.register(E.self) { r in E(f: try r.resolve(Lazy<F>.self)) }
            container.register(F.self) { r in F(e: try r.resolve(E.self)) }
            """)
        let error = try #require(errors(report).first)
        #expect(errors(report).count == 1)
        #expect(error.place.line == 1)
        #expect(error.message.hasPrefix("Cannot resolve A: circular dependency A → B → A. Path: A → B → A. Fix: break the cycle"))
    }

    @Test("a singleton keeping a scoped service is a captive dependency; a Provider is not")
    func captive() throws {
        let report = check(
            """
            extension Scope { static let session: Scope = "session" }
            container.register(Cart.self, lifetime: .scoped(.session)) { _ in Cart() }
            container.register(Checkout.self, lifetime: .singleton) { r in Checkout(cart: try r.resolve(Cart.self)) }
            container.register(Orders.self, lifetime: .singleton) { r in Orders(carts: try r.resolve(Provider<Cart>.self)) }
            container.register(Banner.self, lifetime: .scoped("session")) { r in Banner(cart: try r.resolve(Cart.self)) }
            """)
        let error = try #require(errors(report).first)
        #expect(errors(report).count == 1)
        #expect(
            error.message
                == "Cannot resolve Cart: Checkout lives longer than Cart, an instance of the session scope, and would keep it "
                + "after that scope ends (a captive dependency). Path: Checkout → Cart. Fix: let Checkout take a "
                + "Provider<Cart> and call it each time it needs one, or register Checkout with lifetime .scoped(\"session\") "
                + "(or transient) too.")
    }

    @Test("a key registered twice is a warning at both sites, unless the later one replaces on purpose")
    func duplicate() {
        let report = check(
            """
            container.register(Logger.self) { _ in PrintLogger() }
            container.register(Logger.self) { _ in FileLogger() }
            container.register(Metrics.self) { _ in Metrics() }
            container.register(Metrics.self) { _ in Metrics() }.replacing()
            #if DEBUG
            container.register(Clock.self) { _ in TestClock() }
            #else
            container.register(Clock.self) { _ in SystemClock() }
            #endif
            """)
        #expect(errors(report).isEmpty)
        #expect(report.findings.map(\.place.line) == [1, 2])
        #expect(
            report.findings.first?.message.hasPrefix(
                "Logger is registered twice, at App/main.swift:1 and at App/main.swift:2: the one registered last answers") == true)
    }

    @Test("an assembly applied twice is a warning at both applications")
    func appliedTwice() {
        let report = check(
            """
            container.apply(CoreAssembly(), FeedAssembly())
            container.apply(CoreAssembly())
            if debug { container.apply(DebugAssembly()) } else { container.apply(DebugAssembly()) }
            """)
        #expect(report.findings.map(\.place.line) == [1, 2])
        #expect(
            report.findings.first?.message
                == "CoreAssembly is applied twice, at App/main.swift:1 and at App/main.swift:2: each key it registers is "
                + "registered again (validate() reports each as a duplicate). Fix: apply it once")
    }

    @Test("what it cannot evaluate is a warning, an error under --strict, silent with a marker")
    func unknowns() {
        let source = """
            for name in names {
                container.register(Store.self, name: Name(name)) { _ in MemoryStore() }
            }
            container.register(Feed.self) { r in
                Feed(store: try r.resolve(Store.self, name: "eu"), clock: try r.resolve(Clock.self))  // graphcheck: provided
            }
            container.register(Page.self) { r in
                if flag { _ = try r.resolve(Missing.self) }
                return Page()
            }
            """
        let report = check(source)
        #expect(errors(report).isEmpty)
        #expect(report.findings.map(\.place.line) == [2, 8])
        #expect(report.findings.allSatisfy { $0.message.contains("checked by validate() at run time") })
        #expect(errors(check(source, strict: true)).map(\.place.line) == [2, 8])
    }

    @Test("a requirement in a context variant, a nested closure or try? is a warning")
    func conditionalRequirements() {
        let report = check(
            """
            container.register(Transport.self) { _ in URLTransport() }
                .when(.test) { r in FixtureTransport(try r.resolve(Fixtures.self)) }
            container.register(Feed.self) { r in Feed(load: { try r.resolve(Loader.self) }) }
            container.register(Page.self) { r in Page(try? r.resolve(Banner.self)) }
            """)
        #expect(errors(report).isEmpty)
        #expect(report.findings.map(\.place.line) == [2, 3, 4])
    }

    @Test("runtime arguments of unknown type are not compared")
    func unknownArgumentTypes() {
        let report = check(
            """
            container.register(Page.self) { (r, url: URL) in Page(url: url) }
            let page = try container.resolve(Page.self, arguments: URL(string: "https://example.com"))
            let other = try container.resolve(Page.self, arguments: makeURL())
            """)
        #expect(report.findings.isEmpty)
    }

    @Test("a registration made by a helper for its caller is read at the call site")
    func helper() {
        let report = check(
            """
            struct RepositoryAssembly: Assembly {
                func assemble(into container: Container) {
                    register(container, CourseRepository.self)
                    register(container, CategoryRepository.self)
                }
                private func register<R>(_ container: Container, _ type: R.Type) {
                    container.register(type) { r in make(try r.resolve(APIClient.self)) }
                    container.register(type, name: "local") { _ in makeLocal() }
                }
            }
            container.register(APIClient.self) { _ in APIClient() }
            container.register(Screen.self) { r in
                Screen(try r.resolve(CourseRepository.self, name: "local"), try r.resolve(CategoryRepository.self, name: "remote"))
            }
            """)
        #expect(errors(report).count == 1)
        #expect(errors(report).first?.message.hasPrefix("Cannot resolve CategoryRepository (name: remote): nothing is registered") == true)
        #expect(report.findings.filter { $0.severity == .warning }.isEmpty)
    }

    @Test("type names match across spellings: module qualification, parentheses, typealiases")
    func typeSpellings() {
        let report = GraphCheck.check(
            texts: [
                (
                    path: "Sources/Domain/Store.swift", module: "Domain",
                    text: "public protocol Store {}\npublic typealias Cache = Domain.Store"
                ),
                (
                    path: "Sources/App/main.swift", module: "App",
                    text: """
                    container.register((any Domain.Store).self) { _ in MemoryStore() }
                    container.register(Feed.self) { r in Feed(try r.resolve(( any Store ).self), try r.resolve(Cache.self)) }
                    """
                ),
            ])
        #expect(errors(report).isEmpty)
    }
}

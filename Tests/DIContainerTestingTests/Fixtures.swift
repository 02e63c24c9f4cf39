import DIContainer
import DIContainerLocking
import DIContainerTesting

/// A service the tests replace with a mock. These types belong to this test target only, so
/// registering them in `Container.shared` touches no other target's tests.
protocol Greeter: Sendable {
    var greeting: String { get }
}

/// The app's real greeter.
struct RealGreeter: Greeter {
    var greeting: String { "hello" }
}

/// A mock that one test claims as its own; a second claim means two tests shared it.
final class MockGreeter: Greeter {
    let greeting: String
    private let claims = Locked<[Int]>([])

    init(greeting: String = "mock") {
        self.greeting = greeting
    }

    /// Records that test `owner` uses this mock; returns every owner recorded so far.
    @discardableResult
    func claim(by owner: Int) -> [Int] {
        claims.withLock {
            $0.append(owner)
            return $0
        }
    }
}

/// A process-wide singleton of the app, built over the greeter; tests claim it like the mock.
final class Session: Sendable {
    let greeter: any Greeter
    private let claims = Locked<[Int]>([])

    init(greeter: any Greeter) {
        self.greeter = greeter
    }

    /// Records that test `owner` uses this session; returns every owner recorded so far.
    @discardableResult
    func claim(by owner: Int) -> [Int] {
        claims.withLock {
            $0.append(owner)
            return $0
        }
    }
}

/// App code that resolves from `Container.shared` at call time, like `PresenterFactory`.
struct SessionFactory {
    func makeSession() throws -> Session {
        try Container.shared.resolve(Session.self)
    }

    func greeting() throws -> String {
        try Container.shared.resolve((any Greeter).self).greeting
    }
}

extension OneTimeAssembly {
    /// This target's app wiring in `Container.shared`, once per test process.
    static let fixtures = OneTimeAssembly { container in
        container.register((any Greeter).self) { _ in RealGreeter() }
        container.register(Session.self, lifetime: .singleton) { r in
            Session(greeter: try r.resolve((any Greeter).self))
        }
        // The documented recipe. `Container.shared` is the whole test process's: the reference
        // app's tests put its live-only transport there too, which comes back as what tests override.
        try await container.validateAsync()
    }
}

/// Each test's mock: a singleton inside the test's scope, so every resolve in one test gets the
/// same mock and no two tests get the same one.
@Sendable func registerMockGreeter(_ container: Container) {
    container.register((any Greeter).self, lifetime: .singleton) { _ in MockGreeter() }
}

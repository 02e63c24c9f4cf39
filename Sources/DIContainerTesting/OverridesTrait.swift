#if canImport(Testing)
public import DIContainer
public import Testing

/// A Swift Testing trait that runs each test in its own override scope of a container: with the
/// overrides it registers, and with its own instances of everything the container keeps
/// (`singleton` and `weak` lifetimes).
///
/// Spell it `.overriding { … }` to replace registrations, or `.freshInstances` to only give each
/// test its own instances. On a `@Suite` it applies to every test (and every case of a
/// parameterized test) separately, never to the suite as a whole, so no two tests share a mock or
/// a singleton built inside the scope.
///
/// ```swift
/// @Suite(.assembled(.app), .freshInstances)
/// struct CheckoutTests {
///     @Test(.overriding { $0.register(PaymentGateway.self) { _ in MockGateway() } })
///     func paysWithTheMock() throws {
///         let presenter = try PresenterFactory().makeCheckoutPresenter()   // resolves from .shared
///         // … presenter sees MockGateway …
///     }
/// }
/// ```
///
/// The trait is `Container.withOverrides(_:operation:)` around the test, so it has the same
/// reach: everything the test resolves from the container (or its children), also indirectly,
/// from any thread the test runs on, in child tasks and in `Task { }` started by the test — but
/// not `Task.detached`, nor work handed to a `DispatchQueue`. `withOverrides` inside the test
/// nests inside the trait's scope (its overrides win, and it has its own instances again). When
/// a suite and a test both carry the trait, the test's scope nests inside the suite's.
///
/// An override that replaces nothing — a type the container does not register, a misspelled
/// name, other argument types — is recorded as an issue of the test, with the registrations of
/// its type under other names (`UnmatchedOverridesError`); the test still runs. The check runs
/// when the test starts: put `.assembled(_:)` on the suite (or before this trait) so that the
/// app is registered by then. To override a key the app only resolves optionally, and never
/// registers, use `withOverrides` inside the test.
public struct OverridesTrait: TestTrait, SuiteTrait, TestScoping {
    /// The container whose registrations are overridden.
    public let container: Container
    /// Registers the replacements into the scope's own container; runs once per test.
    let overrides: @Sendable (Container) throws -> Void

    /// On a suite the trait reaches every test in it, nested suites included.
    public var isRecursive: Bool { true }

    /// Runs one test (or one case of a parameterized test) in a new override scope, after
    /// recording an issue for each override that replaces nothing.
    ///
    /// - Parameters:
    ///   - test: The test about to run.
    ///   - testCase: The case about to run.
    ///   - function: Runs the test.
    /// - Throws: What the overrides closure or the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        UnmatchedOverridesIssues.install()
        try await container.withOverrides(
            strict: false,
            { replacements in
                try overrides(replacements)
                if let unmatched = container.unmatchedOverrides(in: replacements) {
                    Issue.record(Comment(rawValue: unmatched.description), sourceLocation: test.sourceLocation)
                }
            }, operation: function)
    }
}

extension Trait where Self == OverridesTrait {
    /// Runs each test with registrations of `Container.shared` replaced, and with its own
    /// `singleton` and `weak` instances.
    ///
    /// ```swift
    /// @Test(.overriding {
    ///     $0.register((any CourseRepository).self) { _ in MockCourseRepository() }
    ///     $0.register((any Scheduler).self, instance: ImmediateScheduler())
    /// })
    /// func showsTheMock() async throws { … }
    /// ```
    ///
    /// - Parameter overrides: Registers the replacements, with the usual `register` calls, into
    ///   the container it is given (one per test). It runs again for every test, so a factory or
    ///   instance made in it belongs to one test.
    public static func overriding(_ overrides: @escaping @Sendable (Container) throws -> Void) -> Self {
        Self(container: .shared, overrides: overrides)
    }

    /// Runs each test with registrations of `container` replaced, and with its own `singleton`
    /// and `weak` instances.
    ///
    /// ```swift
    /// @Test(.overriding(container: .payments) { $0.register(Gateway.self) { _ in MockGateway() } })
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container whose registrations are replaced, and its children.
    ///   - overrides: Registers the replacements into the container it is given (one per test).
    public static func overriding(
        container: Container, _ overrides: @escaping @Sendable (Container) throws -> Void
    ) -> Self {
        Self(container: container, overrides: overrides)
    }

    /// Gives each test its own `singleton` and `weak` instances of `Container.shared`, overriding
    /// nothing: the first resolve in a test builds a fresh instance, and nothing a test
    /// builds is seen by another test or stays behind after it.
    ///
    /// ```swift
    /// @Suite(.freshInstances)
    /// struct SessionTests { … }
    /// ```
    public static var freshInstances: Self {
        Self(container: .shared) { _ in }
    }

    /// Gives each test its own `singleton` and `weak` instances of `container`, overriding
    /// nothing.
    ///
    /// - Parameter container: The container whose instances are fresh in each test.
    public static func freshInstances(container: Container) -> Self {
        Self(container: container) { _ in }
    }
}
#endif

#if canImport(Testing)
public import DIContainer
public import Testing

/// A Swift Testing trait that runs each test in the given contexts
/// (`Container.withContexts(_:operation:)` around the test): the registrations' variants for
/// those contexts answer, and live-only services refuse a test only while `.test` is among them.
///
/// ```swift
/// @Suite(.contexts([.preview]))
/// struct PreviewTests {
///     @Test func usesThePreviewTransport() throws {
///         #expect(try Container.shared.resolve((any Transport).self) is PreviewTransport)
///     }
/// }
/// ```
///
/// On a suite it applies to every test in it. Like `withContexts`, it reaches what the test runs
/// in its task and the tasks it starts, not `Task.detached`.
public struct ContextsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The contexts the test runs in, or those added to the contexts in effect.
    public let contexts: Set<Context>
    /// Whether `contexts` are added to the contexts in effect rather than replacing them.
    public let isAdding: Bool

    /// On a suite the trait reaches every test in it, nested suites included.
    public var isRecursive: Bool { true }

    /// Runs one test (or one case of a parameterized test) in the trait's contexts.
    ///
    /// - Parameters:
    ///   - test: The test about to run.
    ///   - testCase: The case about to run.
    ///   - function: Runs the test.
    /// - Throws: What the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        UnmatchedOverridesIssues.install()
        let contexts = isAdding ? Container.currentContexts.union(contexts) : contexts
        try await Container.withContexts(contexts, operation: function)
    }
}

extension Trait where Self == ContextsTrait {
    /// Runs each test in exactly `contexts`, in place of those detected at launch (`.test`
    /// included: leave it out to run as the app outside tests).
    ///
    /// ```swift
    /// @Test(.contexts([.preview])) func showsThePreview() throws { … }
    /// ```
    ///
    /// - Parameter contexts: The contexts the test runs in.
    public static func contexts(_ contexts: Set<Context>) -> Self {
        Self(contexts: contexts, isAdding: false)
    }

    /// Runs each test with `contexts` added to those in effect (the launch's: `.test` stays).
    ///
    /// ```swift
    /// @Suite(.addingContexts([.mockServer])) struct AppTests { … }
    /// ```
    ///
    /// - Parameter contexts: The contexts to add.
    public static func addingContexts(_ contexts: Set<Context>) -> Self {
        Self(contexts: contexts, isAdding: true)
    }
}
#endif

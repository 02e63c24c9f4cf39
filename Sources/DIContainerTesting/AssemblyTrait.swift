#if canImport(Testing)
public import Testing

/// A Swift Testing trait that makes sure a `OneTimeAssembly` has run before a test or suite
/// starts: the supported way to wire the app once per test process.
///
/// ```swift
/// @Suite(.assembled(.app), .freshInstances)
/// struct CheckoutTests { … }
/// ```
///
/// On a suite it waits for the assembly once, before the suite's first test; it overrides
/// nothing (combine it with `.overriding { … }` or `.freshInstances` for that).
public struct AssemblyTrait: TestTrait, SuiteTrait, TestScoping {
    /// The assembly that runs before the test or suite.
    public let assembly: OneTimeAssembly

    /// Assembles (once per process), then runs the test or suite.
    ///
    /// - Parameters:
    ///   - test: The test or suite about to run.
    ///   - testCase: The case about to run, or `nil` for a suite.
    ///   - function: Runs the test or suite.
    /// - Throws: The assembly's error (and then the test does not run), or what the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await assembly.prepare()
        try await function()
    }
}

extension Trait where Self == AssemblyTrait {
    /// Runs `assembly` (once per process, however many tests ask) before the test or suite.
    ///
    /// ```swift
    /// @Suite(.assembled(.app), .overriding { $0.register(Clock.self, instance: TestClock()) })
    /// struct SchedulingTests { … }
    /// ```
    ///
    /// - Parameter assembly: The app's wiring, usually a `static let` of `OneTimeAssembly`.
    public static func assembled(_ assembly: OneTimeAssembly) -> Self {
        Self(assembly: assembly)
    }
}
#endif

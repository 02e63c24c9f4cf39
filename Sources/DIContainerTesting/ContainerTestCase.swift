#if canImport(XCTest)
public import DIContainer
public import XCTest

/// An XCTest base class that runs each test method in its own override scope of a container:
/// with the overrides `registerOverrides(in:)` adds, and with its own `singleton` and `weak`
/// instances — the XCTest counterpart of the `.overriding { … }` trait.
///
/// ```swift
/// final class CheckoutTests: ContainerTestCase {
///     override var assembly: OneTimeAssembly? { .app }
///
///     override func registerOverrides(in container: Container) throws {
///         container.register(PaymentGateway.self) { _ in MockGateway() }
///     }
///
///     func testPaysWithTheMock() throws {
///         let presenter = try PresenterFactory().makeCheckoutPresenter()   // sees MockGateway
///     }
/// }
/// ```
///
/// The scope covers `setUp`, the test method and `tearDown` (and their `async` forms), and a
/// `Task { }` they start; `withOverrides` inside a test nests in it. Tests of other classes, and
/// Swift Testing tests running in the same process, never see this class's mocks.
///
/// An override that replaces nothing — a type `container` does not register, a misspelled name,
/// other argument types — fails the test (`XCTFail`, with the registrations of its type under
/// other names: `UnmatchedOverridesError`); the test still runs.
open class ContainerTestCase: XCTestCase {
    /// The container whose registrations are overridden; `Container.shared` unless a subclass
    /// says otherwise.
    open var container: Container { .shared }

    /// The app's wiring, run once per process before the first test that asks for it; `nil`
    /// (nothing to assemble) unless a subclass says otherwise.
    open var assembly: OneTimeAssembly? { nil }

    /// Registers the replacements for each test of the class into the scope's own container.
    /// The default registers none, so each test only gets fresh instances.
    ///
    /// - Parameter container: The test's override container (not `container` itself).
    /// - Throws: Whatever stops the overrides from being made; the test then fails without
    ///   running.
    open func registerOverrides(in container: Container) throws {}

    /// Runs the test inside the class's override scope, after the one-time assembly.
    override open func invokeTest() {
        do {
            UnmatchedOverridesIssues.install()
            try assembly?.prepare()
            let container = container
            try container.withOverrides(
                strict: false,
                { replacements in
                    try registerOverrides(in: replacements)
                    if let unmatched = container.unmatchedOverrides(in: replacements) { XCTFail("\(name): \(unmatched)") }
                }, operation: { super.invokeTest() })
        } catch {
            XCTFail("\(name): the test did not run, its container setup threw: \(error)")
        }
    }
}
#endif

#if canImport(XCTest)
import DIContainer
import XCTest

/// A plain XCTest test, with nothing of `DIContainerTesting`, runs in a test context.
final class ContextDetectionXCTests: XCTestCase {
    func testAPlainXCTestIsATestContext() throws {
        XCTAssertTrue(Container.activeContexts.contains(.test))
        let container = Container()
        container.register(String.self) { _ in "live" }.liveOnly()
        XCTAssertThrowsError(try container.resolve(String.self))
    }
}
#endif

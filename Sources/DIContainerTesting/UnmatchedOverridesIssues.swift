import DIContainer
import DIContainerLocking

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Makes a plain `Container.withOverrides` inside a running test record an override that
/// replaces nothing as an issue of that test, as the `.overriding` trait does: Swift Testing's
/// `Issue.record` when `Test.current` is set, else `XCTFail` while an XCTest test case runs.
/// `DIContainer` itself cannot (an app links it without the test libraries): every entry point
/// of this library installs the reporter, the first time one runs.
enum UnmatchedOverridesIssues {
    /// Installs the reporter (once per process; later calls do nothing).
    static func install() {
        _ = installed
    }

    private static let installed: Void = {
        #if canImport(XCTest)
        XCTestObservationCenter.shared.addTestObserver(XCTestTracker())
        #endif
        UnmatchedOverridesReporter.install { unmatched in
            #if canImport(Testing)
            if let test = Test.current {
                Issue.record(Comment(rawValue: unmatched.description), sourceLocation: test.sourceLocation)
                return true
            }
            #endif
            #if canImport(XCTest)
            if XCTestTracker.isRunning {
                XCTFail("withOverrides: \(unmatched)")
                return true
            }
            #endif
            return false
        }
    }()
}

#if canImport(XCTest)
/// Whether an XCTest test case runs, as XCTest's observation center says.
private final class XCTestTracker: NSObject, XCTestObservation {
    /// How many test cases started and have not finished.
    private static let running = Locked(0)

    static var isRunning: Bool { running.withLock { $0 > 0 } }

    func testCaseWillStart(_ testCase: XCTestCase) {
        Self.running.withLock { $0 += 1 }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        Self.running.withLock { $0 = max(0, $0 - 1) }
    }
}
#endif

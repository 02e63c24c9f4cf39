import DIContainerLocking
import Foundation

/// Where a plain `withOverrides` running inside a test reports an override that replaces
/// nothing. `DIContainer` cannot record a test issue itself (an app links it without XCTest or
/// Swift Testing), so `DIContainerTesting` installs a reporter the first time any of it runs
/// (a trait, `ContainerTestCase`, `OneTimeAssembly`); the reporter records an issue of the
/// running test, Swift Testing's or XCTest's. Without one, in a test context, the report goes
/// to standard error.
package enum UnmatchedOverridesReporter {
    /// Records `unmatched` as an issue of the running test; `false` when no test is running
    /// (nothing was recorded).
    package typealias Report = @Sendable (_ unmatched: UnmatchedOverridesError) -> Bool

    private static let installed = Locked<Report?>(nil)

    /// Makes `report` the reporter (the test support calls it; the latest wins).
    package static func install(_ report: @escaping Report) {
        installed.withLock { $0 = report }
    }

    /// Reports `unmatched` from a plain `withOverrides`.
    static func report(_ unmatched: UnmatchedOverridesError) {
        if let report = installed.withLock({ $0 }) {
            _ = report(unmatched)
        } else if isTestProcess {
            FileHandle.standardError.write(Data("warning: withOverrides: \(unmatched)\n".utf8))
        }
    }

    /// Whether a plain `withOverrides` should look for overrides that replace nothing: in a
    /// process launched as a test runner, where the reporter is installed; elsewhere the check
    /// would cost every override scope.
    static var isWanted: Bool { isTestProcess }

    /// Whether the process was launched as a test runner (`Context.test` detected at launch).
    private static let isTestProcess = Container.activeContexts.contains(.test)
}

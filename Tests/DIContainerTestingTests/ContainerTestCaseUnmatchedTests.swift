#if canImport(XCTest) && !canImport(ObjectiveC)
import DIContainer
import DIContainerTesting
import Foundation
import DIContainerLocking
import Testing
import XCTest

/// A container of its own, registering a greeter under the name "formal" only.
private let formalGreeters: Container = {
    let container = Container()
    container.register((any Greeter).self, name: "formal") { _ in RealGreeter() }
    return container
}()

/// A test case class whose override misspells the name; it keeps the failures it records instead
/// of reporting them (it has no test methods, so the runner never runs it on its own).
final class MisspelledOverrideCase: ContainerTestCase {
    static let failures = Locked<[String]>([])
    /// Whether its one test ran (a static: the case, which XCTest keeps, captures nothing).
    static let ran = Locked(false)

    override var container: Container { formalGreeters }

    override func registerOverrides(in container: Container) throws {
        container.register((any Greeter).self, name: "formel") { _ in MockGreeter() }
    }

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        Self.failures.withLock { $0.append(description) }
    }
}

@Suite("ContainerTestCase reports overrides that replace nothing")
struct ContainerTestCaseUnmatchedTests {
    @Test("an override of a misspelled name fails the test with the near miss; the test still runs")
    func misspelledName() async throws {
        // swift-corelibs-xctest builds a case from a closure; `run()` makes it the current test.
        // It runs on a thread of its own: XCTest blocks its thread while its `async` setUp runs
        // as a task, which would starve the cooperative pool this test runs on.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                MisspelledOverrideCase(name: "misspelled") { _ in MisspelledOverrideCase.ran.withLock { $0 = true } }.run()
                done.resume()
            }.start()
        }
        #expect(MisspelledOverrideCase.ran.withLock { $0 })
        let failures = MisspelledOverrideCase.failures.withLock { $0 }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("1 test override replaces nothing:") == true)
        #expect(failures.first?.contains(#"Registered for Greeter: name "formal". Fix: override name "formal""#) == true)
    }
}
#endif

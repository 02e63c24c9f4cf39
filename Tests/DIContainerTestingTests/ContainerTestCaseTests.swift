#if canImport(XCTest)
import Dispatch
import DIContainer
import DIContainerTesting
import DIContainerLocking
import XCTest

/// Every test method gets its own mock greeter and its own `Session` singleton.
final class ContainerTestCaseTests: ContainerTestCase {
    override var assembly: OneTimeAssembly? { .fixtures }

    override func registerOverrides(in container: Container) throws {
        registerMockGreeter(container)
    }

    /// Set in `setUp`, which runs inside the test's scope.
    private var sessionInSetUp: Session?

    override func setUp() {
        super.setUp()
        sessionInSetUp = try? SessionFactory().makeSession()
    }

    func testSeesItsMockThroughTheFactory() throws {
        let session = try SessionFactory().makeSession()
        let mock = try XCTUnwrap(session.greeter as? MockGreeter)
        XCTAssertEqual(mock.claim(by: 1), [1])
        XCTAssertEqual(session.claim(by: 1), [1])
        XCTAssertTrue(sessionInSetUp === session, "setUp runs in the test's scope")
    }

    func testAsyncTestAndTaskSeeTheScope() async throws {
        let session = try SessionFactory().makeSession()
        XCTAssertTrue(session.greeter is MockGreeter)
        XCTAssertEqual(session.claim(by: 2), [2], "a session of another test method")
        let fromTask = try await Task { try SessionFactory().makeSession() }.value
        XCTAssertTrue(fromTask === session)
    }

    func testWithOverridesNestsInside() throws {
        let outer = try SessionFactory().makeSession()
        try Container.shared.withOverrides {
            $0.register((any Greeter).self, instance: MockGreeter(greeting: "inner"))
        } operation: {
            XCTAssertEqual(try SessionFactory().greeting(), "inner")
            XCTAssertFalse(try SessionFactory().makeSession() === outer)
        }
        XCTAssertTrue(try SessionFactory().makeSession() === outer)
        XCTAssertEqual(try SessionFactory().greeting(), "mock")
    }

    #if !canImport(ObjectiveC)
    /// Runs 40 test cases of this class at once, each on its own thread, the way a runner that
    /// ran XCTest cases in parallel would: each sees only its own mock and singleton.
    /// (swift-corelibs-xctest builds a case from a closure; Apple's XCTest runs the tests of a
    /// process one at a time and parallelizes across processes.)
    func testParallelCasesSeeOnlyTheirOwnInstances() {
        let claims = Locked<[Int: [Int]]>([:])
        DispatchQueue.concurrentPerform(iterations: 40) { owner in
            let testCase = ContainerTestCaseTests(name: "parallel\(owner)") { _ in
                let session = try SessionFactory().makeSession()
                let mock = try XCTUnwrap(session.greeter as? MockGreeter)
                mock.claim(by: owner)
                let seen = session.claim(by: owner) + mock.claim(by: owner)
                claims.withLock { $0[owner] = seen }
            }
            testCase.invokeTest()
        }
        let seen = claims.withLock { $0 }
        XCTAssertEqual(seen.count, 40)
        for (owner, owners) in seen {
            XCTAssertEqual(owners, [owner, owner, owner], "case \(owner) saw another case's instances")
        }
    }
    #endif
}
#endif

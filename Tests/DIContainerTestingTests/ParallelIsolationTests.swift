import DIContainer
import DIContainerTesting
import Testing

// Four suites of 200 parameterized cases each, all run in parallel in one process. Every case
// claims the mock and the `Session` singleton it resolves (directly, through `SessionFactory`
// over `Container.shared`, after suspension points and from a `Task { }`): a mock or singleton
// shared with another case would carry that case's claim too.

/// The trait on the suite: every case gets its own scope.
@Suite("Trait on the suite: 200 cases, each with its own mock and singleton", .assembled(.fixtures), .overriding(registerMockGreeter))
struct SuiteTraitIsolationTests {
    @Test("sees only its own mock and singleton", arguments: 0..<200)
    func ownInstances(owner: Int) async throws {
        try await expectOnlyOwnInstances(owner: owner)
    }
}

/// The trait on the test: every case of the parameterized test gets its own scope.
@Suite("Trait on the test: 200 cases, each with its own mock and singleton", .assembled(.fixtures))
struct TestTraitIsolationTests {
    @Test("sees only its own mock and singleton", .overriding(registerMockGreeter), arguments: 200..<400)
    func ownInstances(owner: Int) async throws {
        try await expectOnlyOwnInstances(owner: owner)
    }
}

/// Fresh instances on the suite, the override (a closure written in the attribute) on the test.
@Suite("Fresh instances on the suite, overrides on the test: 200 cases", .assembled(.fixtures), .freshInstances)
struct CombinedTraitIsolationTests {
    @Test("sees only its own mock and singleton", .overriding { registerMockGreeter($0) }, arguments: 400..<600)
    func ownInstances(owner: Int) async throws {
        try await expectOnlyOwnInstances(owner: owner)
    }
}

/// The suite's trait reaches the tests of a nested suite too.
@Suite("Trait on an outer suite: 200 cases of a nested suite", .assembled(.fixtures), .overriding(registerMockGreeter))
struct OuterSuiteIsolationTests {
    @Suite("nested")
    struct Nested {
        @Test("sees only its own mock and singleton", arguments: 600..<800)
        func ownInstances(owner: Int) async throws {
            try await expectOnlyOwnInstances(owner: owner)
        }
    }
}

/// Claims the current test's mock and singleton for `owner` and checks no other test has.
private func expectOnlyOwnInstances(owner: Int) async throws {
    let factory = SessionFactory()
    let mock = try #require(try Container.shared.resolve((any Greeter).self) as? MockGreeter)
    let session = try factory.makeSession()
    #expect(session.greeter as? MockGreeter === mock, "the singleton was built over this test's mock")
    #expect(mock.claim(by: owner) == [owner])
    #expect(session.claim(by: owner) == [owner])

    await Task.yield()
    let fromTask = try await Task { try factory.makeSession() }.value
    #expect(fromTask === session, "a Task started in the test sees the test's singleton")
    await Task.yield()
    #expect(try factory.makeSession() === session)
    #expect(try Container.shared.resolve((any Greeter).self) as? MockGreeter === mock)

    #expect(mock.claim(by: owner) == [owner, owner])
    #expect(session.claim(by: owner) == [owner, owner])
}

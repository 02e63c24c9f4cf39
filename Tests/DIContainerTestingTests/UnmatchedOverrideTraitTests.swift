import DIContainer
import DIContainerLocking
import DIContainerTesting
import Testing

/// A container of this suite's own, so that its registrations touch no other test.
private let catalogue: Container = {
    let container = Container()
    container.register((any Greeter).self, name: "formal") { _ in RealGreeter() }
    return container
}()

@Suite("The overriding trait reports overrides that replace nothing")
struct UnmatchedOverrideTraitTests {
    @Test("a misspelled name is recorded as an issue of the test, with the near miss; the test still runs")
    func misspelledName() async throws {
        let trait = OverridesTrait.overriding(container: catalogue) {
            $0.register((any Greeter).self, name: "formel") { _ in MockGreeter() }
        }
        let ran = Locked(false)
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) { ran.withLock { $0 = true } }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains(#"Registered for Greeter: name "formal". Fix: override name "formal""#) }
        }
        #expect(ran.withLock { $0 })
    }

    @Test("an override of a registered key records nothing")
    func matched() async throws {
        let trait = OverridesTrait.overriding(container: catalogue) {
            $0.register((any Greeter).self, name: "formal") { _ in MockGreeter() }
        }
        try await trait.provideScope(for: try #require(Test.current), testCase: nil) { () async throws in
            #expect(try catalogue.resolve((any Greeter).self, name: "formal") is MockGreeter)
        }
    }
}

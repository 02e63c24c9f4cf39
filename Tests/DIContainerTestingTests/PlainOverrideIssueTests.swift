import DIContainer
import DIContainerTesting
import Testing

/// A container of this suite's own, so that its registrations touch no other test.
private let greeters: Container = {
    let container = Container()
    container.register((any Greeter).self, name: "formal") { _ in RealGreeter() }
    return container
}()

@Suite("A plain withOverrides inside a test reports overrides that replace nothing", .freshInstances(container: greeters))
struct PlainOverrideIssueTests {
    @Test("a misspelled name is an issue of the running test, with the near miss; the operation still runs")
    func misspelledName() throws {
        var ran = false
        try withKnownIssue {
            try greeters.withOverrides {
                $0.register((any Greeter).self, name: "formel") { _ in MockGreeter() }
            } operation: {
                ran = true
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains(#"Registered for Greeter: name "formal""#) }
        }
        #expect(ran)
    }

    @Test("the async form reports too")
    func async() async throws {
        try await withKnownIssue {
            try await greeters.withOverrides {
                $0.register((any Greeter).self, name: "formel") { _ in MockGreeter() }
            } operation: { () async throws in
                await Task.yield()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("formel") }
        }
    }

    @Test("an override that replaces a registration reports nothing")
    func matched() throws {
        let greeting = try greeters.withOverrides {
            $0.register((any Greeter).self, name: "formal") { _ in MockGreeter() }
        } operation: {
            try greeters.resolve((any Greeter).self, name: "formal")
        }
        #expect(greeting is MockGreeter)
    }
}

import DIContainerLocking

/// Records the names of repository calls in the order they started, from any task.
final class CallLog: Sendable {
    private let calls = Locked<[String]>([])

    func record(_ call: String) {
        calls.withLock { $0.append(call) }
    }

    var entries: [String] {
        calls.withLock { $0 }
    }
}

/// Runs at the start of every fake repository call with the call's name
/// (`"recentCourses"`, `"courses(ids:)"`, …); may suspend or throw.
typealias CallHook = @Sendable (_ call: String) async throws -> Void

/// An error a fake throws on purpose.
struct TestFailure: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

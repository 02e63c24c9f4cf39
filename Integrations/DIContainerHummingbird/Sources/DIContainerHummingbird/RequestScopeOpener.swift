import DIContainer

/// Opens the request's scope with the value handed in: the one place that calls the container's
/// scope API.
enum RequestScopeOpener {
    /// Runs `operation` in a new instance of `scope` of `container`, with `value` handed in.
    static func withScope<Value: Sendable>(
        _ scope: Scope, of container: Container, providing value: Value, operation: () async throws -> Void
    ) async throws {
        try await container.withScope(scope, providing: value, operation: operation)
    }
}

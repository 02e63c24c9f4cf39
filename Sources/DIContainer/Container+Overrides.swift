/// Test overrides: replace registrations for the duration of a closure, without touching other
/// tests.
extension Container {
    /// Runs `operation` with some registrations replaced, for this container and its children.
    ///
    /// The overrides live in a task-local scope, so they apply to everything `operation` resolves
    /// through this container — also code that uses `Container.shared` indirectly, such as a
    /// presenter factory — and to nothing else: tests running in parallel with different
    /// overrides never see each other's mocks.
    ///
    /// Inside the scope every `singleton` and `weak` instance is the scope's own: built fresh on
    /// first use, dropped when the scope ends, never stored in (nor read from) the container.
    /// So a singleton that depends on an overridden service sees the mock, and no mock leaks
    /// into a later test. Ready-made instances (`register(_:name:instance:)`) are shared as
    /// they are. Scopes nest; the innermost override wins.
    ///
    /// ```swift
    /// @Test func showsMockCourses() async throws {
    ///     try await Container.shared.withOverrides {
    ///         $0.register(CourseRepository.self) { _ in MockCourseRepository(courses: [.sample]) }
    ///     } operation: {
    ///         let presenter = try PresenterFactory().makeMainPresenter()
    ///         // … presenter sees the mock …
    ///     }
    /// }
    /// ```
    ///
    /// What inherits the overrides: everything `operation` calls, child tasks (`async let`, task
    /// groups) and unstructured `Task { }` created inside it — always, also when such a task
    /// resolves after `withOverrides` returned (the task keeps the scope alive). What does not:
    /// `Task.detached`, work sent to a `DispatchQueue` or another thread, and escaping closures
    /// that run after `operation` returned — they see the container's real registrations.
    ///
    /// - Parameters:
    ///   - overrides: Registers the replacements into the container it is given (a fresh one used
    ///     only for this scope), with the usual `register` calls. The scope has what is registered
    ///     there when `overrides` returns.
    ///   - operation: The code to run with the overrides in effect.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withOverrides<R>(
        _ overrides: (Container) throws -> Void, operation: () throws -> R
    ) throws -> R {
        try OverrideScope.$value.withValue(try makeScope(overrides), operation: operation)
    }

    /// The `async` form of `withOverrides(_:operation:)`.
    ///
    /// - Parameters:
    ///   - overrides: Registers the replacements into the container it is given.
    ///   - isolation: The actor `operation` runs on: the caller's, by default.
    ///   - operation: The code to run with the overrides in effect.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withOverrides<R>(
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async throws -> R {
        try await OverrideScope.$value.withValue(try makeScope(overrides), operation: operation, isolation: isolation)
    }

    private func makeScope(_ overrides: (Container) throws -> Void) throws -> OverrideScope {
        let parent = OverrideScope.value
        let replacements = Container(replacementsWithDefaultLifetime: defaultLifetime)
        try overrides(replacements)
        adoptDecorations(into: replacements, scope: parent)
        return OverrideScope(
            target: self, overrides: OverrideRegistrations(replacements.registry), parent: parent)
    }
}

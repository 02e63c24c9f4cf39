/// Test overrides: replace registrations for the duration of a closure, visible only to the
/// task running it (and its child tasks), so that parallel tests never see each other's mocks.
extension Container {
    /// Runs `operation` with the registrations made by `overrides` replacing this container's
    /// (and its descendants'). Task-local: other tasks and threads keep seeing the real
    /// registrations. Singletons built inside are the scope's own, released when `operation`
    /// returns (work carried past it keeps its own weakly: while it uses them); their `onShutdown`
    /// hooks run then (in the background here; the `async` form awaits them and throws
    /// `ShutdownError` when one failed).
    ///
    /// ```swift
    /// try Container.shared.withOverrides {
    ///     $0.register(CourseRepository.self) { _ in MockCourseRepository() }
    /// } operation: {
    ///     let presenter = try PresenterFactory().makeMainPresenter()   // sees the mock
    /// }
    /// ```
    ///
    /// Scopes nest; the innermost replacement wins, over every context variant too. `Task {}`
    /// inherits the scope, `Task.detached`, a `DispatchQueue` or a `Thread` does not: carry it
    /// there with `currentOverrides()`. The app's decorators do not wrap a replacement.
    ///
    /// An override of a key nothing registers (a misspelled name, a type the app never
    /// registered) is never resolved. Inside a running test (Swift Testing or XCTest) this form
    /// records it as an issue of the test, once the test process has used
    /// `DIContainerTesting` (which installs the reporter), and otherwise, in a test context,
    /// prints it to standard error; outside tests it ignores it. `withOverrides(strict: true)`
    /// throws for it, and the `DIContainerTesting` traits and `ContainerTestCase` report it as a
    /// test issue.
    ///
    /// - Parameters:
    ///   - overrides: Registers the replacements.
    ///   - operation: Runs with the replacements in effect.
    /// - Returns: What `operation` returns.
    /// - Throws: What `overrides` or `operation` throws.
    public func withOverrides<R>(
        _ overrides: (Container) throws -> Void, operation: () throws -> R
    ) throws -> R {
        try run(try makeScope(overrides, strict: false, reports: true), operation)
    }

    /// `withOverrides(_:operation:)` that, when `strict`, checks that every override replaces a
    /// registration: one whose key (type, name and argument types) nothing registers — not this
    /// container, an ancestor (context variants included) nor an enclosing override scope — is
    /// never resolved, so the test would run against the real service.
    ///
    /// ```swift
    /// try container.withOverrides(strict: true) {
    ///     $0.register(CourseRepository.self, name: "locl") { _ in MockCourseRepository() }
    /// } operation: { … }
    /// // throws UnmatchedOverridesError: CourseRepository (name: locl), overridden at …: nothing
    /// // registers CourseRepository under this name. Registered for CourseRepository: name "local". …
    /// ```
    ///
    /// A key only a child container registers counts as unmatched: override the child.
    ///
    /// - Parameters:
    ///   - strict: Whether an override that replaces nothing throws (before `operation` runs).
    ///   - overrides: Registers the replacements.
    ///   - operation: Runs with the replacements in effect.
    /// - Returns: What `operation` returns.
    /// - Throws: `UnmatchedOverridesError`, naming every such override with the registrations of
    ///   its type under other names or arguments, when `strict`; what `overrides` or `operation`
    ///   throws.
    public func withOverrides<R>(
        strict: Bool, _ overrides: (Container) throws -> Void, operation: () throws -> R
    ) throws -> R {
        try run(try makeScope(overrides, strict: strict), operation)
    }

    /// Runs `operation` under `scope`, then ends what the scope's own stores kept, in the
    /// background (a synchronous caller cannot wait for the hooks), told how `operation` ended.
    private func run<R>(_ scope: OverrideScope, _ operation: () throws -> R) throws -> R {
        do {
            let value = try OverrideScope.$value.withValue(scope, operation: operation)
            ledger.endInBackground(scope.close(), reason: .scopeSucceeded)
            return value
        } catch {
            ledger.endInBackground(scope.close(), reason: .scopeFailed(error))
            throw error
        }
    }

    /// The `async` form of `withOverrides(_:operation:)`.
    public func withOverrides<R>(
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async throws -> R {
        try await withOverrides(strict: false, reports: true, overrides, isolation: isolation, operation: operation)
    }

    /// The `async` form of `withOverrides(strict:_:operation:)`.
    public func withOverrides<R>(
        strict: Bool,
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async throws -> R {
        try await withOverrides(strict: strict, reports: false, overrides, isolation: isolation, operation: operation)
    }

    /// `withOverrides(strict:_:operation:)` that, when `reports` and not `strict`, reports an
    /// override that replaces nothing as an issue of the running test.
    private func withOverrides<R>(
        strict: Bool,
        reports: Bool,
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)?,
        operation: () async throws -> R
    ) async throws -> R {
        let scope = try makeScope(overrides, strict: strict, reports: reports)
        let value: R
        do {
            value = try await OverrideScope.$value.withValue(scope, operation: operation, isolation: isolation)
        } catch {
            try await Ending.close(scope.close(), reason: .scopeFailed(error), reporting: false, in: self)
            throw error
        }
        try await Ending.close(scope.close(), reason: .scopeSucceeded, reporting: true, in: self)
        return value
    }

    /// The test overrides in effect here, to carry into work that does not inherit them: a
    /// `DispatchQueue`, a `Thread`, `Task.detached`. Outside any override scope it carries none,
    /// so the work sees the real registrations.
    ///
    /// ```swift
    /// let overrides = container.currentOverrides()
    /// DispatchQueue.global().async { overrides.run { try? container.resolve(Clock.self) } }
    /// ```
    ///
    /// - Returns: The overrides in effect, nested scopes included.
    public func currentOverrides() -> Overrides {
        Overrides(scope: OverrideScope.value)
    }

    private func makeScope(
        _ overrides: (Container) throws -> Void, strict: Bool, reports: Bool = false
    ) throws -> OverrideScope {
        let parent = OverrideScope.value
        // Its table is made by the first replacement: many scopes replace nothing here.
        let replacements = Container(parent: nil, defaultLifetime: defaultLifetime, capacity: 0, ledger: ledger)
        try overrides(replacements)
        if strict, let unmatched = unmatchedOverrides(in: replacements, scope: parent) { throw unmatched }
        if reports, !strict, UnmatchedOverridesReporter.isWanted, let unmatched = unmatchedOverrides(in: replacements, scope: parent) {
            UnmatchedOverridesReporter.report(unmatched)
        }
        adoptDecorations(into: replacements, scope: parent)
        return OverrideScope(target: self, replacements: replacements, parent: parent)
    }

    /// The overrides registered in `replacements` (the container a `withOverrides` closure
    /// registered into) that replace nothing here, in the overrides in effect, or in an ancestor;
    /// `nil` when every one replaces something. For the test support's traits and base class.
    package func unmatchedOverrides(in replacements: Container) -> UnmatchedOverridesError? {
        unmatchedOverrides(in: replacements, scope: OverrideScope.value)
    }

    private func unmatchedOverrides(in replacements: Container, scope: OverrideScope?) -> UnmatchedOverridesError? {
        let unmatched = replacements.registry.allEntries.filter { entry(for: $0.key, scope: scope) == nil }
        guard !unmatched.isEmpty else { return nil }
        return UnmatchedOverridesError(
            overrides: unmatched.map { override in
                var seen: Set<Key> = [override.key]
                let candidates =
                    overridingEntries(ofType: override.key.type, scope: scope)
                    + lineage.flatMap { $0.registry.entries(ofType: override.key.type) }
                let nearMisses = candidates.filter { seen.insert($0.key).inserted }.map(\.service).sorted()
                return UnmatchedOverridesError.Override(service: override.service, site: override.site, nearMisses: nearMisses)
            })
    }
}

/// Test overrides captured where they were in effect (`Container.currentOverrides()`), to run
/// code under them later, on any thread or task.
public struct Overrides: Sendable {
    let scope: OverrideScope?

    /// Runs `body` under these overrides.
    ///
    /// ```swift
    /// Thread { overrides.run { model.refresh() } }.start()
    /// ```
    ///
    /// - Parameter body: The work to run.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func run<R>(_ body: () throws -> R) rethrows -> R {
        try OverrideScope.$value.withValue(scope, operation: body)
    }

    /// Runs `async` `body` under these overrides: `Task.detached { await overrides.run { … } }`.
    public func run<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async rethrows -> R {
        try await OverrideScope.$value.withValue(scope, operation: body, isolation: isolation)
    }
}

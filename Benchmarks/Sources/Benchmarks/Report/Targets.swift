/// The performance floors, each checked against the run's medians.
enum Targets {
    /// One target: what it asks for and how to compute it from the results.
    private struct Target: Sendable {
        let text: String
        /// Whether the target compares two single-threaded figures of one run, and so can be
        /// checked on instruction counts too (absolute times, threads and memory cannot).
        var isRatio = true
        /// The measured value (as shown) and whether it meets the target; `nil` when a figure
        /// it needs was not measured.
        let check: @Sendable (Results) -> (shown: String, met: Bool)?
    }

    /// The markdown list of targets with ✅ / ❌ (or ⚠️ when a figure is missing).
    ///
    /// - Parameters:
    ///   - results: The run's figures.
    ///   - ratiosOnly: Only the targets that compare figures of the run with each other (for
    ///     instruction counts, where absolute targets in nanoseconds mean nothing).
    /// - Returns: One line per target.
    static func markdown(_ results: Results, ratiosOnly: Bool = false) -> String {
        targets.filter { !ratiosOnly || $0.isRatio }.map { target in
            guard let outcome = target.check(results) else {
                return "- ⚠️ \(target.text): not measured"
            }
            return "- \(outcome.met ? "✅" : "❌") \(target.text): \(outcome.shown)"
        }.joined(separator: "\n")
    }

    /// The resolve cases held to "≥ 4× faster than Swinject, and ≥ 1.5× faster than
    /// swift-dependencies where it has the case".
    private static let resolveCases: [(Scenario, String)] = [
        (.singleton, "built singleton"), (.noDeps, "transient, no dependencies"), (.oneDep, "transient with one dependency"),
        (.chain, "10-level chain"), (.graphChain, "`graph` chain with a shared node"), (.noDepsNamed, "named resolve (no dependencies)"),
        (.oneDepNamed, "named resolve (one dependency)"), (.chainNamed, "named 10-level chain"),
        (.runtimeArgument, "one dependency and a runtime argument"),
        (.makerCall, "one dependency and a runtime argument through a `Maker`"), (.oneDepAmong10, "one dependency among 10 registrations"),
        (.oneDepAmong10k, "one dependency among 10,000 registrations"), (.singletonEightThreads, "8 threads on one singleton"),
        (.mainActorResolve, "main-actor view model"),
    ]

    /// The floors of `PERFORMANCE-NOTES.md`: what the engine must keep (Factory's cases are
    /// measured in a private copy; see `bench/factory` in the project's shared notes). Past them,
    /// readability wins.
    private static let targets: [Target] =
        resolveCases.flatMap { scenario, name in
            [
                Target(text: "\(name) ≥ 4× faster than Swinject") { r in speedUp(r, scenario, over: .swinject, atLeast: 4) },
                Target(text: "\(name) ≥ 1.5× faster than swift-dependencies") { r in
                    speedUp(r, scenario, over: .dependencies, atLeast: 1.5)
                },
            ]
        } + [
            Target(text: "built singleton ≤ 6× the hand-wired read of a stored singleton") { r in
                ratio(r.median(.ours, .singleton), r.median(.handWired, .singleton), atMost: 6)
            },
            Target(text: "override scope (enter, replace, resolve, leave) within 1.5× of swift-dependencies' time") { r in
                ratio(r.median(.ours, .overrideScope), r.median(.dependencies, .overrideScope), atMost: 1.5)
            },
            Target(text: "cold start (new container, 20 registrations, one resolve) ≥ 1.2× faster than swift-dependencies") { r in
                speedUp(r, .coldStart, over: .dependencies, atLeast: 1.2)
            },
            Target(
                text: "request scope (open, resolve a use case with two request-scoped and two singleton dependencies, close) "
                    + "≥ 3× faster than Swinject's child container per request"
            ) { r in
                speedUp(r, .requestScope, over: .swinject, atLeast: 3)
            },
            Target(text: "request scope no slower than swift-dependencies' `withDependencies` with the same reads") { r in
                speedUp(r, .requestScope, over: .dependencies, atLeast: 1)
            },
            Target(text: "request scope with one `onShutdown` hook within 1.5× of the same scope without hooks") { r in
                ratio(r.median(.ours, .requestScopeWithHook), r.median(.ours, .requestScope), atMost: 1.5)
            },
            Target(
                text: "1,000 concurrent request scopes with a 5 ms `async` request-scoped factory within 1.5× of the same "
                    + "graph as `transient`",
                isRatio: false
            ) { r in
                ratio(r.median(.ours, .concurrentScopes), r.median(.ours, .concurrentTransient), atMost: 1.5)
            },
            Target(text: "registration ≤ 300 ns per service", isRatio: false) { r in
                r.median(.ours, .registration).map { (ns($0), $0 <= 300) }
            },
            Target(text: "10,000 registrations plus `validate()` ≤ 30 ms", isRatio: false) { r in
                r.median(.ours, .registrationAndValidation).map {
                    (Formatting.value($0 / 1_000_000) + " ms", $0 <= 30_000_000)
                }
            },
            Target(text: "a 2,000-service graph of 10 assemblies: registration plus the first `validateAsync()` ≤ 60 ms", isRatio: false) {
                r in
                r.median(.ours, .modularValidation).map {
                    (Formatting.value($0 / 1_000_000) + " ms", $0 <= 60_000_000)
                }
            },
            Target(text: "10,000 registrations resolve within 1.2× of 10") { r in
                ratio(r.median(.ours, .oneDepAmong10k), r.median(.ours, .oneDepAmong10), atMost: 1.2)
            },
            Target(text: "memory per registration no higher than Swinject's", isRatio: false) { r in
                guard let ours = r.median(.ours, .memoryPerRegistration),
                    let theirs = r.median(.swinject, .memoryPerRegistration)
                else { return nil }
                return ("\(Formatting.value(ours)) B vs \(Formatting.value(theirs)) B", ours <= theirs)
            },
        ]

    private static func ns(_ value: Double) -> String {
        Formatting.value(value) + " ns"
    }

    private static func ratio(_ value: Double?, _ base: Double?, atMost limit: Double) -> (String, Bool)? {
        guard let value, let base, base > 0 else { return nil }
        return (Formatting.ratio(value / base), value / base <= limit)
    }

    private static func ratio(_ value: Double?, _ base: Double?, atLeast limit: Double) -> (String, Bool)? {
        guard let value, let base, base > 0 else { return nil }
        return (Formatting.ratio(value / base), value / base >= limit)
    }

    private static func speedUp(_ r: Results, _ scenario: Scenario, over other: Contender, atLeast limit: Double) -> (String, Bool)? {
        ratio(r.median(other, scenario), r.median(.ours, scenario), atLeast: limit)
    }
}

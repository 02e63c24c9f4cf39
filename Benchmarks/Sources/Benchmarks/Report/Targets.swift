/// The issue's speed targets, each checked against the run's medians.
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

    private static let targets: [Target] = [
        Target(text: "existing singleton ≤ 40 ns", isRatio: false) { r in
            r.median(.ours, .singleton).map { (ns($0), $0 <= 40) }
        },
        Target(text: "existing singleton ≥ 20× faster than Swinject's `.container`") { r in
            speedUp(r, .singleton, atLeast: 20)
        },
        Target(text: "transient with one dependency ≤ 3× hand-wired") { r in
            ratio(r.median(.ours, .oneDep), r.median(.handWired, .oneDep), atMost: 3)
        },
        Target(text: "transient with one dependency ≥ 10× faster than Swinject") { r in
            speedUp(r, .oneDep, atLeast: 10)
        },
        Target(text: "10-level chain ≤ 3× the hand-wired chain") { r in
            ratio(r.median(.ours, .chain), r.median(.handWired, .chain), atMost: 3)
        },
        Target(text: "10-level chain, transient, ≥ 10× faster than Swinject") { r in
            speedUp(r, .chain, atLeast: 10)
        },
        Target(text: "10-level chain, graph lifetime, ≥ 10× faster than Swinject") { r in
            speedUp(r, .graphChain, atLeast: 10)
        },
        Target(text: "10-level chain, graph lifetime, ≤ 3× the hand-wired chain with a shared node") { r in
            guard let outcome = ratio(r.median(.ours, .graphChain), r.median(.handWired, .graphChain), atMost: 3)
            else { return nil }
            // The floor: a container that does only what the API shape costs (`MinimalContainer`).
            let floor = ratio(r.median(.minimal, .graphChain), r.median(.handWired, .graphChain), atMost: 3)
            return (outcome.0 + (floor.map { " (floor, a minimal container with no checks: \($0.0))" } ?? ""), outcome.1)
        },
        Target(text: "named resolve (one dep) within 10% of unnamed") { r in
            ratio(r.median(.ours, .oneDepNamed), r.median(.ours, .oneDep), atMost: 1.1)
        },
        Target(text: "10,000 registrations resolve within 1.2× of 10") { r in
            ratio(r.median(.ours, .oneDepAmong10k), r.median(.ours, .oneDepAmong10), atMost: 1.2)
        },
        Target(text: "singleton from 2 threads: aggregate throughput ≥ 1.5× one thread", isRatio: false) { r in
            // Aggregate ns/op halves when throughput doubles: throughput ratio = 1-thread / 2-thread.
            guard
                let outcome = ratio(
                    r.median(.ours, .singletonOneThread), r.median(.ours, .singletonTwoThreads), atLeast: 1.5)
            else { return nil }
            // The floor: two threads taking strong references to one stored object share its
            // reference count, whatever the container does.
            let floor = ratio(
                r.median(.handWired, .singletonOneThread), r.median(.handWired, .singletonTwoThreads), atLeast: 1.5)
            return (outcome.0 + (floor.map { " (hand-wired floor: \($0.0))" } ?? ""), outcome.1)
        },
        Target(text: "registration ≤ 200 ns per service", isRatio: false) { r in
            r.median(.ours, .registration).map { (ns($0), $0 <= 200) }
        },
        Target(text: "10,000 registrations plus `validate()` ≤ 20 ms", isRatio: false) { r in
            r.median(.ours, .registrationAndValidation).map {
                (Formatting.value($0 / 1_000_000) + " ms", $0 <= 20_000_000)
            }
        },
        Target(text: "memory per registration no higher than Swinject's", isRatio: false) { r in
            guard let ours = r.median(.ours, .memoryPerRegistration),
                let theirs = r.median(.swinject, .memoryPerRegistration)
            else { return nil }
            return ("\(Formatting.value(ours)) B vs \(Formatting.value(theirs)) B", ours <= theirs)
        },
        Target(text: "override scope (enter, replace, resolve, leave) faster than swift-dependencies'") { r in
            fasterThanDependencies(r, .overrideScope)
        },
        Target(text: "cold start (new container, 20 registrations, one resolve) faster than swift-dependencies'") { r in
            fasterThanDependencies(r, .coldStart)
        },
        // Main-actor resolution (case 12) has no target. Compile-time targets are checked by
        // `Benchmarks compile-time`, which prints its own list.
    ]

    /// Ours against swift-dependencies, shown as both figures and how many times faster we are.
    private static func fasterThanDependencies(_ r: Results, _ scenario: Scenario) -> (String, Bool)? {
        guard let ours = r.median(.ours, scenario), let theirs = r.median(.dependencies, scenario), ours > 0 else {
            return nil
        }
        return ("\(Formatting.value(ours)) vs \(Formatting.value(theirs)) (\(Formatting.ratio(theirs / ours)))", ours < theirs)
    }

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

    private static func speedUp(_ r: Results, _ scenario: Scenario, atLeast limit: Double) -> (String, Bool)? {
        ratio(r.median(.swinject, scenario), r.median(.ours, scenario), atLeast: limit)
    }
}

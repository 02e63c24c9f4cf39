/// The markdown table of one run: one row per case, our figures beside the hand-wired floor,
/// Swinject's and swift-dependencies', all measured in the same process.
struct Table {
    /// One line of the table.
    struct Row {
        /// The case number.
        let number: Int
        /// What the row measures, unit included where it is not ns/op.
        let title: String
        let scenario: Scenario
        /// Whose figure fills the median/min/max columns (hand-wired for case 1, the minimal
        /// container for the floors of the graph and cold-start cases, else ours).
        var primary: Contender = .ours
        /// The hand-wired scenario the ratio column compares with.
        var floor: Scenario?
    }

    /// Every row, in the order.
    static let rows: [Row] = [
        Row(number: 1, title: "hand-wired: no deps", scenario: .noDeps, primary: .handWired, floor: .noDeps),
        Row(number: 1, title: "hand-wired: one dep", scenario: .oneDep, primary: .handWired, floor: .oneDep),
        Row(number: 1, title: "hand-wired: 10-level chain", scenario: .chain, primary: .handWired, floor: .chain),
        Row(
            number: 1, title: "hand-wired: 10-level chain + shared node", scenario: .graphChain,
            primary: .handWired, floor: .graphChain),
        Row(
            number: 1, title: "hand-wired: one dep + runtime argument", scenario: .runtimeArgument,
            primary: .handWired, floor: .runtimeArgument),
        Row(
            number: 1, title: "hand-wired: read a stored singleton", scenario: .singleton,
            primary: .handWired, floor: .singleton),
        Row(
            number: 1, title: "hand-wired: stored singleton, 1 thread (aggregate)", scenario: .singletonOneThread,
            primary: .handWired, floor: .singletonOneThread),
        Row(
            number: 1, title: "hand-wired: stored singleton, 2 threads (aggregate)", scenario: .singletonTwoThreads,
            primary: .handWired, floor: .singletonTwoThreads),
        Row(
            number: 1, title: "hand-wired: main-actor view model (one dep)", scenario: .mainActorResolve,
            primary: .handWired, floor: .mainActorResolve),
        Row(
            number: 1, title: "hand-wired: use case on two new request objects and two stored singletons",
            scenario: .requestScope, primary: .handWired, floor: .requestScope),
        Row(
            number: 1, title: "hand-wired: a server's request (its objects built and committed by hand)",
            scenario: .serverRequest, primary: .handWired, floor: .serverRequest),
        Row(number: 2, title: "transient: no deps", scenario: .noDeps, floor: .noDeps),
        Row(number: 2, title: "transient: one dep", scenario: .oneDep, floor: .oneDep),
        Row(number: 2, title: "transient: 10-level chain", scenario: .chain, floor: .chain),
        Row(
            number: 2, title: "transient: one dep, resolved as a protocol it forwards (`implements`)", scenario: .forwardedType,
            floor: .oneDep),
        Row(number: 2, title: "transient, named: no deps", scenario: .noDepsNamed, floor: .noDeps),
        Row(number: 2, title: "transient, named: one dep", scenario: .oneDepNamed, floor: .oneDep),
        Row(number: 2, title: "transient, named: 10-level chain", scenario: .chainNamed, floor: .chain),
        Row(number: 3, title: "graph: 10-level chain + shared node", scenario: .graphChain, floor: .graphChain),
        Row(
            number: 3, title: "floor, a minimal container (one thread, no checks): graph chain + shared node",
            scenario: .graphChain, primary: .minimal, floor: .graphChain),
        Row(number: 4, title: "existing singleton", scenario: .singleton, floor: .singleton),
        Row(
            number: 4, title: "existing singleton, 1 thread (aggregate)", scenario: .singletonOneThread,
            floor: .singletonOneThread),
        Row(
            number: 4, title: "existing singleton, 2 threads (aggregate)", scenario: .singletonTwoThreads,
            floor: .singletonTwoThreads),
        Row(
            number: 4, title: "existing singleton, 8 threads (aggregate)", scenario: .singletonEightThreads,
            floor: .singletonEightThreads),
        Row(number: 5, title: "one dep + one runtime argument", scenario: .runtimeArgument, floor: .runtimeArgument),
        Row(
            number: 5, title: "one dep + one runtime argument, through a handle resolved once (`Maker`)",
            scenario: .makerCall, floor: .runtimeArgument),
        Row(number: 5, title: "one dep and a `Maker` it keeps (ours only; nothing read through it)", scenario: .handleConsumer),
        Row(number: 6, title: "one dep, 10 registrations", scenario: .oneDepAmong10, floor: .oneDep),
        Row(number: 6, title: "one dep, 10,000 registrations", scenario: .oneDepAmong10k, floor: .oneDep),
        Row(number: 7, title: "register 10,000 services (per service)", scenario: .registration),
        Row(number: 7, title: "register 10,000 + validate() (whole run)", scenario: .registrationAndValidation),
        Row(
            number: 7, title: "register 2,000 services in 10 assemblies + first validateAsync() (whole run)",
            scenario: .modularValidation),
        Row(number: 8, title: "peak RSS per registration, bytes (10,000)", scenario: .memoryPerRegistration),
        Row(number: 10, title: "override scope: enter, replace one service, resolve it, leave", scenario: .overrideScope),
        Row(
            number: 11, title: "cold start: new container, 20 registrations, resolve one (one dep), teardown",
            scenario: .coldStart),
        Row(
            number: 11, title: "floor, a minimal container (one thread, no checks): cold start",
            scenario: .coldStart, primary: .minimal),
        Row(
            number: 12, title: "main actor: new view model (one dep), resolved on the main actor",
            scenario: .mainActorResolve, floor: .mainActorResolve),
        Row(
            number: 13, title: "request scope: open, resolve a use case (2 request-scoped + 2 singleton deps), close",
            scenario: .requestScope, floor: .requestScope),
        Row(
            number: 13, title: "request scope with one `onShutdown` hook (empty) on a request-scoped service",
            scenario: .requestScopeWithHook, floor: .requestScope),
        Row(
            number: 13,
            title: "a server's request: identity handed in, `async` factories, actor unit of work, `onShutdown(timeout:)` commit",
            scenario: .serverRequest, floor: .serverRequest),
        Row(
            number: 14, title: "1,000 concurrent request scopes, 5 ms async request-scoped factory (per scope, aggregate)",
            scenario: .concurrentScopes),
        Row(
            number: 14, title: "the same 1,000 concurrent tasks, the graph all transient (per task, aggregate)",
            scenario: .concurrentTransient),
    ]

    /// The markdown text of the table.
    ///
    /// - Parameter results: The run's figures.
    /// - Returns: A header, a separator and one line per row.
    static func markdown(_ results: Results) -> String {
        var lines = [
            "| # | case | ours median ns | min | max | × hand-wired | Swinject median ns | speed-up vs Swinject"
                + " | swift-dependencies median ns | speed-up vs swift-dependencies |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            let primary = results[row.primary, row.scenario]
            let floor = row.floor.flatMap { results.median(.handWired, $0) }
            let swinject = row.primary == .ours ? results[.swinject, row.scenario] : nil
            let dependencies = row.primary == .ours ? results[.dependencies, row.scenario] : nil
            let cells = [
                "\(row.number)",
                row.title,
                Formatting.median(primary),
                primary.map { Formatting.value($0.min) } ?? "—",
                primary.map { Formatting.value($0.max) } ?? "—",
                ratio(primary?.median, over: floor),
                Formatting.median(swinject),
                ratio(swinject?.median, over: primary?.median),
                Formatting.median(dependencies),
                ratio(dependencies?.median, over: primary?.median),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// `numerator / denominator` as a ratio such as `2.31×`, or an em dash when either is missing.
    static func ratio(_ numerator: Double?, over denominator: Double?) -> String {
        guard let numerator, let denominator, denominator > 0 else { return "—" }
        return Formatting.ratio(numerator / denominator)
    }
}

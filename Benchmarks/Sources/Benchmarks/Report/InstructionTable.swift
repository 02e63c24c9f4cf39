/// The markdown table of an `instructions` run: instructions per operation of each contender
/// for the core cases, and the same ratios as the timed table.
enum InstructionTable {
    /// The text of the table: one line per core case, in the timed table's order.
    ///
    /// - Parameter results: Instructions per operation, by contender and scenario.
    /// - Returns: A header, a separator and one line per case that was counted.
    static func markdown(_ results: Results) -> String {
        var lines = [
            "| # | case | hand-wired | ours | Swinject | swift-dependencies | ours × hand-wired"
                + " | speed-up vs Swinject | speed-up vs swift-dependencies |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in Table.rows where row.primary == .ours && InstructionCounter.coreScenarios.contains(row.scenario) {
            let ours = results.median(.ours, row.scenario)
            let handWired = row.floor.flatMap { results.median(.handWired, $0) }
            let swinject = results.median(.swinject, row.scenario)
            let dependencies = results.median(.dependencies, row.scenario)
            guard ours != nil || swinject != nil || dependencies != nil else { continue }
            let cells = [
                "\(row.number)", row.title,
                count(handWired), count(ours), count(swinject), count(dependencies),
                Table.ratio(ours, over: handWired), Table.ratio(swinject, over: ours),
                Table.ratio(dependencies, over: ours),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    private static func count(_ value: Double?) -> String {
        value.map { Formatting.value($0) } ?? "—"
    }
}

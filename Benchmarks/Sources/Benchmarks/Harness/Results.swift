/// Every figure of one run, by contender and scenario.
struct Results: Sendable {
    private var figures: [Key: Figure] = [:]

    private struct Key: Hashable, Sendable {
        let contender: Contender
        let scenario: Scenario
    }

    /// The figure a contender got in a scenario, or `nil` when it was not measured.
    subscript(contender: Contender, scenario: Scenario) -> Figure? {
        get { figures[Key(contender: contender, scenario: scenario)] }
        set { figures[Key(contender: contender, scenario: scenario)] = newValue }
    }

    /// The median of a figure, or `nil` when it was not measured.
    func median(_ contender: Contender, _ scenario: Scenario) -> Double? {
        self[contender, scenario]?.median
    }
}

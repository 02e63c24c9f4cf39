/// The error of a fault the server plays on purpose (`--simulate-failure start`).
public struct SimulatedFailure: Error, CustomStringConvertible {
    /// What failed, in words.
    public let description: String

    init(_ what: String) {
        description = "\(what) (simulated with --simulate-failure)"
    }
}

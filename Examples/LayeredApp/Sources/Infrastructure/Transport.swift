/// Fetches the lines of a resource.
public protocol Transport: Sendable {
    /// The lines at `path`.
    func lines(at path: String) throws -> [String]
}

/// A value that ``QueryEncoder`` cannot express as query items, with the key path that holds it.
///
/// ```swift
/// do { _ = try QueryEncoder().encode(search) }
/// catch let error as QueryEncodingError {
///     print(error)   // query parameter "filter.tags[1]": arrays of objects are not supported …
/// }
/// ```
public struct QueryEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted key path of the offending value, with array indices (`filter.tags[1]`);
    /// empty for the top-level value.
    public let keyPath: String
    /// What is wrong and how to fix it.
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - keyPath: The dotted key path of the offending value.
    ///   - reason: What is wrong and how to fix it.
    public init(keyPath: String, reason: String) {
        self.keyPath = keyPath
        self.reason = reason
    }

    /// For example `query parameter "filter.tags[1]": arrays of objects are not supported`.
    public var description: String {
        keyPath.isEmpty ? "query value: \(reason)" : "query parameter \"\(keyPath)\": \(reason)"
    }
}
